package io.tablequery.server.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.tablequery.engine.workspace.Workspace;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import picocli.CommandLine;

/**
 * Golden-file tests of the exact text of search-tables, get-schemas and run-sql on the samples workspace. Each case
 * is {@code src/test/resources/golden/<name>.txt}: standard output, then (when the command fails) a line
 * {@code --- stderr, exit N} and standard error. On a mismatch the actual text is written to
 * {@code target/golden/<name>.txt} for review; copy it over the expected file once it is right.
 */
class SkillGoldenTest {
    @TempDir
    static Path dir;

    static Path workspace;

    @BeforeAll
    static void loadSamples() throws IOException {
        workspace = dir.resolve("samples");
        Path samples = Path.of(System.getProperty("tq.repository", "..")).resolve("samples/files");
        try (Workspace open = Workspace.open(workspace)) {
            for (String file : List.of("sales_2025.xlsx", "orders.csv", "库存.xlsx")) {
                open.ingest(samples.resolve(file));
            }
        }
        Files.writeString(
                dir.resolve("plan-truncated.json"),
                plan(
                        "CREATE TEMP TABLE \\\"final_table_step1\\\" AS SELECT \\\"customer\\\", \\\"city\\\", \\\"total\\\""
                                + " FROM \\\"orders\\\" WHERE \\\"status\\\" = 'delivered' ORDER BY \\\"total\\\" DESC",
                        "Largest delivered orders"));
        Files.writeString(
                dir.resolve("plan-typo.json"),
                plan(
                        "CREATE TEMP TABLE \\\"final_table_step1\\\" AS SELECT \\\"custmer\\\" FROM \\\"orders\\\"",
                        "Typo"));
        Files.writeString(dir.resolve("plan-two-results.json"), """
                {"queries":[
                {"step":1,"sql":"CREATE TEMP TABLE \\"intermediate_table_step1\\" AS SELECT * FROM \\"orders\\" \
                WHERE \\"city\\" IN ('Shanghai', '上海')","source_table_names":["orders"],\
                "destine_table_name":"intermediate_table_step1","destine_table_type":"intermediate",\
                "destine_table_description":"Orders from Shanghai"},
                {"step":2,"sql":"CREATE TEMP TABLE \\"final_table_step2\\" AS SELECT substr(\\"order_date\\", 1, 7) \
                AS \\"month\\", SUM(\\"total\\") AS \\"total\\" FROM \\"intermediate_table_step1\\" GROUP BY 1 \
                ORDER BY 1","source_table_names":["intermediate_table_step1"],"destine_table_name":"final_table_step2",\
                "destine_table_type":"final","destine_table_description":"Monthly totals of Shanghai orders"},
                {"step":3,"sql":"CREATE TEMP TABLE \\"final_table_step3\\" AS SELECT \\"order_id\\", \\"customer\\" \
                FROM \\"intermediate_table_step1\\" WHERE \\"total\\" > 5000 ORDER BY \\"order_id\\"",\
                "source_table_names":["intermediate_table_step1"],"destine_table_name":"final_table_step3",\
                "destine_table_type":"final","destine_table_description":"Large Shanghai orders"}]}
                """);
    }

    static String plan(String sql, String description) {
        return """
                {"queries":[{"step":1,"sql":"%s","source_table_names":["orders"],\
                "destine_table_name":"final_table_step1","destine_table_type":"final",\
                "destine_table_description":"%s"}]}""".formatted(sql, description);
    }

    static Stream<Arguments> cases() {
        return Stream.of(
                Arguments.of(
                        "search-seed-example",
                        List.of("search-tables", "--query", "2025 April May June sales total", "--top-k", "20")),
                Arguments.of("search-chinese", List.of("search-tables", "--query", "上海仓库的库存数量", "--top-k", "3")),
                Arguments.of("search-nothing", List.of("search-tables", "--search", "lexical", "--query", "zebra")),
                Arguments.of("schemas-two-tables", List.of("get-schemas", "--tables", "sales_2025_q2,orders")),
                Arguments.of("schemas-chinese", List.of("get-schemas", "--tables", "库存_库存表")),
                Arguments.of("schemas-unknown", List.of("get-schemas", "--tables", "order")),
                Arguments.of("run-sql-two-results", List.of("run-sql", "--plan-file", "plan-two-results.json")),
                Arguments.of("run-sql-unknown-column", List.of("run-sql", "--plan-file", "plan-typo.json")),
                Arguments.of(
                        "duck-query",
                        List.of(
                                "duck",
                                "queryDuckDB",
                                "--query",
                                "SELECT city, count(*) AS orders, round(sum(total), 2) AS revenue FROM orders GROUP BY city"
                                        + " ORDER BY revenue DESC")),
                Arguments.of("duck-query-truncated", List.of("duck", "queryDuckDB", "--query", "FROM orders")),
                Arguments.of("duck-schema", List.of("duck", "getTableSchema", "--table-name", "库存_库存表")),
                Arguments.of(
                        "duck-sample",
                        List.of("duck", "getSampleRows", "--table-name", "sales_2025_q2", "--limit", "3")),
                Arguments.of("duck-list", List.of("duck", "getTableList")),
                Arguments.of("duck-quality", List.of("duck", "analyzeDataQuality", "--table-name", "orders")),
                Arguments.of(
                        "duck-compare",
                        List.of(
                                "duck",
                                "compareTables",
                                "--table-a",
                                "sales_2025_q1",
                                "--table-b",
                                "sales_2025_q2",
                                "--key",
                                "City")),
                Arguments.of(
                        "duck-chart",
                        List.of(
                                "duck",
                                "chart",
                                "--query",
                                "SELECT city, round(sum(total), 2) AS revenue FROM orders GROUP BY city ORDER BY revenue DESC",
                                "--kind",
                                "bar",
                                "--x",
                                "city",
                                "--y",
                                "revenue")),
                Arguments.of(
                        "duck-chart-histogram",
                        List.of("duck", "chart", "--table-name", "orders", "--kind", "histogram", "--x", "quantity")),
                Arguments.of(
                        "duck-chart-bad-y",
                        List.of(
                                "duck",
                                "chart",
                                "--table-name",
                                "orders",
                                "--kind",
                                "pie",
                                "--x",
                                "status",
                                "--y",
                                "city")),
                Arguments.of(
                        "duck-unknown-table", List.of("duck", "queryDuckDB", "--query", "SELECT * FROM unknown_table")),
                Arguments.of(
                        "run-sql-truncated",
                        List.of(
                                "run-sql",
                                "--max-rows",
                                "3",
                                "--cell-max",
                                "6",
                                "--plan-file",
                                "plan-truncated.json")));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void printsExactly(String name, List<String> args) throws IOException {
        String actual = run(args);
        Path expectedFile = Path.of("src/test/resources/golden", name + ".txt");
        String expected = Files.exists(expectedFile) ? Files.readString(expectedFile, StandardCharsets.UTF_8) : "";
        if (!actual.equals(expected)) {
            Path actualFile = Path.of("target/golden", name + ".txt");
            Files.createDirectories(actualFile.getParent());
            Files.writeString(actualFile, actual, StandardCharsets.UTF_8);
        }
        assertThat(actual)
                .as("golden file %s (actual output in target/golden)", expectedFile)
                .isEqualTo(expected);
    }

    @Test
    void readsThePlanFromStandardInputLikeTheSeedsHeredoc() throws IOException {
        InputStream original = System.in;
        try {
            System.setIn(new ByteArrayInputStream(Files.readAllBytes(dir.resolve("plan-two-results.json"))));
            String fromStdin = run(List.of("run-sql"));
            assertThat(fromStdin).isEqualTo(run(List.of("run-sql", "--plan-file", "plan-two-results.json")));
            assertThat(fromStdin).contains("Result 2 of 2: final_table_step3 (step 3)");
        } finally {
            System.setIn(original);
        }
    }

    @Test
    void callsTheDuckDbToolsEmbedded() {
        assertThat(run(List.of("duck", "getSampleRows", "--table-name", "orders", "--limit", "2")))
                .contains("\"success\" : true")
                .contains("\"rowCount\" : 2");
        assertThat(run(List.of("duck", "queryDuckDB", "--query", "SELECT * FROM read_csv('/etc/passwd')")))
                .contains("file system operations are disabled by configuration")
                .contains("--- stderr, exit 1");
    }

    static String run(List<String> args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine commandLine = TqMain.commandLine();
        commandLine.setOut(new PrintWriter(out));
        commandLine.setErr(new PrintWriter(err));
        String[] full = Stream.concat(
                        args.stream()
                                .map(a -> a.endsWith(".json") ? dir.resolve(a).toString() : a),
                        Stream.of("--workspace", workspace.toString()))
                .toArray(String[]::new);
        int exit = commandLine.execute(full);
        return exit == 0 ? out.toString() : out + "--- stderr, exit " + exit + "\n" + err;
    }
}
