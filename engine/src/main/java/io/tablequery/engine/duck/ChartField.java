package io.tablequery.engine.duck;

/**
 * A column a chart encodes, with its DuckDB type.
 *
 * @param name the column name as the result gives it
 * @param type the DuckDB type name
 */
record ChartField(String name, String type) {
    boolean numeric() {
        return DuckTypes.isNumeric(type);
    }

    boolean temporal() {
        return type.equals("DATE") || type.startsWith("TIMESTAMP");
    }

    /** Vega-Lite's measurement type of the column. */
    String measure() {
        if (numeric()) {
            return "quantitative";
        }
        return temporal() ? "temporal" : "nominal";
    }
}
