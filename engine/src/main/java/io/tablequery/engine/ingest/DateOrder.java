package io.tablequery.engine.ingest;

/** How a column writes dates such as {@code 03/04/2024}: settled by the values that only one order can read. */
enum DateOrder {
    /** The column has no such dates. */
    NONE,
    MONTH_FIRST,
    DAY_FIRST
}
