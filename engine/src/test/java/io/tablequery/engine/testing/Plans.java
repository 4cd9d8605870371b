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

    /** The plan of the given steps. */
    public static String plan(String... steps) {
        return "{\"queries\":[" + String.join(",", steps) + "]}";
    }
}
