package io.tablequery.benchmarks;

import io.tablequery.engine.json.JsonCodec;

/** The run-sql plan of one final step that makes a table of a query, as the benchmarks send it. */
final class OneStepPlan {
    private OneStepPlan() {}

    /**
     * Writes the plan as JSON.
     *
     * @param table the step's table
     * @param select the query that makes it
     * @param description the table's description
     * @return the plan
     */
    static String json(String table, String select, String description) {
        return "{\"queries\":[{\"step\":1,\"sql\":"
                + JsonCodec.write("CREATE TEMP TABLE \"" + table + "\" AS " + select)
                + ",\"source_table_names\":[],\"destine_table_name\":" + JsonCodec.write(table)
                + ",\"destine_table_type\":\"final\",\"destine_table_description\":" + JsonCodec.write(description)
                + "}]}";
    }
}
