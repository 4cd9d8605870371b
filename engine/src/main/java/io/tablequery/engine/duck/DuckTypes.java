package io.tablequery.engine.duck;

import java.util.Set;

/** What the tools need to know of DuckDB's type names. */
final class DuckTypes {
    private static final Set<String> NUMERIC = Set.of(
            "TINYINT",
            "SMALLINT",
            "INTEGER",
            "BIGINT",
            "HUGEINT",
            "UTINYINT",
            "USMALLINT",
            "UINTEGER",
            "UBIGINT",
            "FLOAT",
            "DOUBLE");

    private DuckTypes() {}

    /** Tells whether a DuckDB type name is a number type. */
    static boolean isNumeric(String type) {
        return NUMERIC.contains(type) || type.startsWith("DECIMAL");
    }
}
