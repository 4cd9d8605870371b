package io.tablequery.dialects.translate;

/** DuckDB's SQL: the dialect the translator was first written for, and the one it spells natively. */
public final class DuckDbDialect implements SqlDialect {
    /** The one instance. */
    public static final DuckDbDialect INSTANCE = new DuckDbDialect();

    private DuckDbDialect() {}

    @Override
    public String name() {
        return "DuckDB";
    }
}
