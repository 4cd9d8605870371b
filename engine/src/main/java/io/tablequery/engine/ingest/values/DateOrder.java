package io.tablequery.engine.ingest.values;

/** How a column writes dates such as {@code 03/04/2024}: settled by the values that only one order can read. */
public enum DateOrder {
    /** The column has no such dates. */
    NONE,
    MONTH_FIRST,
    DAY_FIRST
}
