package io.tablequery.engine.testing;

import java.util.stream.Stream;

/** Writes run-sql plans as the JSON agents send. */
public final class Plans {
    private Plans() {}

    /** One step; the SQL is escaped for JSON, sources are optional. */
    public static String step(int number, String sql, String destine, String type, String... sources) {
        String names =
                String.join(",", Stream.of(sources).map(s -> '"' + s + '"').toList());
        return """
                {"step":%d,"sql":"%s","source_table_names":[%s],"destine_table_name":"%s",\
                "destine_table_type":"%s","destine_table_description":"d"}""".formatted(
                number, sql.replace("\\", "\\\\").replace("\"", "\\\"").replace("\n", "\\n"), names, destine, type);
    }

    /**
     * The plan of a chain of steps, each {@code CREATE TEMP TABLE "stepN" AS} its query and reading the one before,
     * the last one final.
     */
    public static String chain(String... queries) {
        String[] steps = new String[queries.length];
        for (int i = 0; i < queries.length; i++) {
            String name = "step" + (i + 1);
            String type = i == queries.length - 1 ? "final" : "intermediate";
            String[] sources = i == 0 ? new String[0] : new String[] {"step" + i};
            steps[i] = step(i + 1, "CREATE TEMP TABLE \"" + name + "\" AS " + queries[i], name, type, sources);
        }
        return plan(steps);
    }

    /** The plan of the given steps. */
    public static String plan(String... steps) {
        return "{\"queries\":[" + String.join(",", steps) + "]}";
    }
}
