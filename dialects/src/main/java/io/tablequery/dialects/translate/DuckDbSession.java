package io.tablequery.dialects.translate;

import java.util.List;

/** The DuckDB session settings translated SQL relies on (dialect catalog, section 2.1). */
public final class DuckDbSession {
    /** The statements to run on a connection before translated SQL runs on it. */
    public static final List<String> SETTINGS = List.of(
            "SET default_null_order = 'nulls_first_on_asc_last_on_desc'",
            "SET integer_division = true",
            "SET ieee_floating_point_ops = false",
            "SET error_on_division_by_zero = false",
            "SET scalar_subquery_error_on_multiple_rows = false",
            "SET order_by_non_integer_literal = true",
            "SET TimeZone = 'UTC'");

    private DuckDbSession() {}
}
