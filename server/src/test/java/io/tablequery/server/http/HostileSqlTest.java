package io.tablequery.server.http;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.tablequery.engine.json.JsonCodec;
import io.tablequery.engine.skill.SkillSettings;
import io.tablequery.engine.workspace.Workspace;
import java.io.IOException;
import java.io.InputStream;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The hostile SQL corpus ({@code hostile-sql.txt}) through both tool families on a real server: queryDuckDB, and
 * run-sql on SQLite and on DuckDB, each statement as written and wrapped in {@code CREATE TEMP TABLE ... AS}. None
 * may succeed, the workspace must be unchanged afterwards, nothing may appear where the statements try to write, and
 * the server must answer normally.
 */
class HostileSqlTest {
    private static final String CHECKSUM = "SELECT count(*) AS n, sum(id) AS ids, max(name) AS top FROM big";

    @TempDir
    static Path dir;

    static TqServer server;
    static Path out;
    static Path other;
    static Path root;
    static HttpCalls calls;

    @BeforeAll
    static void start() throws IOException {
        out = Files.createDirectories(dir.resolve("out"));
        root = dir.resolve("data-root-Qz7wK");
        other = root.resolve("other");
        WorkspaceRegistry registry = new WorkspaceRegistry();
        StringBuilder csv = new StringBuilder("id,name\n");
        for (int i = 1; i <= 2000; i++) {
            csv.append(i).append(",n").append(i).append('\n');
        }
        Files.writeString(dir.resolve("big.csv"), csv);
        for (Path directory : List.of(root.resolve("w"), other)) {
            Workspace workspace = Workspace.open(directory);
            workspace.ingest(dir.resolve("big.csv"));
            registry.add(workspace);
        }
        server = TqServer.start(
                registry,
                new ServerSettings(
                        "127.0.0.1",
                        0,
                        1 << 20,
                        1 << 20,
                        SkillSettings.DEFAULTS.withQueryTimeout(Duration.ofSeconds(1)),
                        ServerLimits.DEFAULTS),
                dir.resolve("cache"));
        calls = new HttpCalls(server, "w");
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    static List<String> corpus() throws IOException {
        try (InputStream in = HostileSqlTest.class.getResourceAsStream("/hostile-sql.txt")) {
            List<String> statements = new ArrayList<>();
            for (String line : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
                if (!line.isBlank() && !line.startsWith("#")) {
                    statements.add(line.replace("\\n", "\n")
                            .replace("${OUT}", out.toAbsolutePath().toString())
                            .replace("${OTHER}", other.toAbsolutePath().toString()));
                }
            }
            return statements;
        }
    }

    @Test
    void noHostileStatementSucceedsOnEitherEngineOrToolFamily() throws Exception {
        List<String> statements = corpus();
        assertThat(statements).hasSizeGreaterThanOrEqualTo(200);
        String before = post("tools/queryDuckDB", Map.of("query", CHECKSUM)).body();
        List<String> succeeded = new ArrayList<>();
        List<String> leaked = new ArrayList<>();
        for (String sql : statements) {
            String answer = post("tools/queryDuckDB", Map.of("query", sql)).body();
            leaks(answer).ifPresent(leaked::add);
            JsonNode tool = JsonCodec.mapper().readTree(answer);
            if (tool.path("success").asBoolean()) {
                succeeded.add("queryDuckDB: " + sql);
            }
            String wrapped = "CREATE TEMP TABLE \"h\" AS " + sql;
            for (String[] attempt : new String[][] {{"sqlite", sql}, {"sqlite", wrapped}, {"duckdb", wrapped}}) {
                HttpResponse<String> run = post("run-sql", runSql(attempt[1], attempt[0]));
                leaks(run.body()).ifPresent(leaked::add);
                if (run.statusCode() == 200) {
                    succeeded.add("run-sql on " + attempt[0] + ": " + attempt[1]);
                }
            }
        }
        assertThat(succeeded).as("statements that succeeded").isEmpty();
        assertThat(leaked)
                .as("answers that name the data root or the home directory")
                .isEmpty();
        assertThat(post("tools/queryDuckDB", Map.of("query", CHECKSUM)).body())
                .as("the workspace is unchanged")
                .isEqualTo(before);
        try (Stream<Path> written = Files.list(out)) {
            assertThat(written).as("nothing was written").isEmpty();
        }
        HttpResponse<String> health = calls.get("/health");
        assertThat(health.statusCode()).isEqualTo(200);
        assertThat(post("run-sql", runSql("CREATE TEMP TABLE \"h\" AS " + CHECKSUM, "sqlite"))
                        .body())
                .contains("2000,2001000,n999");
    }

    @Test
    void noAnswerOrErrorNamesTheHost() throws Exception {
        List<String> answers = new ArrayList<>();
        for (String query : List.of(
                "SELECT path FROM duckdb_databases()",
                "SELECT * FROM duckdb_databases",
                "SELECT current_setting('temp_directory') AS t",
                "SELECT current_setting('home_directory') AS h",
                "SELECT * FROM duckdb_settings()",
                "SELECT * FROM duckdb_extensions()",
                "SELECT * FROM duckdb_temporary_files()",
                "EXPLAIN SELECT path FROM duckdb_databases()",
                "SELECT * FROM read_csv('" + root.resolve("w/tables.duckdb") + "')",
                "SELECT * FROM no_such_table",
                "SELECT 1 +")) {
            HttpResponse<String> answer = post("tools/queryDuckDB", Map.of("query", query));
            answers.add(answer.body());
            assertThat(JsonCodec.mapper()
                            .readTree(answer.body())
                            .path("success")
                            .asBoolean())
                    .as(query)
                    .isFalse();
        }
        for (String step : List.of(
                "SELECT * FROM pragma_database_list",
                "SELECT file FROM pragma_database_list()",
                "SELECT * FROM \"nope\"",
                "SELECT \"id\" + FROM \"big\"")) {
            for (String engine : List.of("sqlite", "duckdb")) {
                HttpResponse<String> run = post("run-sql", runSql("CREATE TEMP TABLE \"h\" AS " + step, engine));
                answers.add(run.body());
                assertThat(run.statusCode()).as(step).isEqualTo(400);
            }
        }
        answers.add(calls.get("/v1/workspaces/w/files/F9/sheets/1/cells?rows=1").body());
        answers.add(calls.get("/v1/workspaces/nope/files").body());
        answers.add(calls.get("/v1/workspaces/w/tables/nope/rows").body());
        answers.add(post("get-schemas", Map.of("tables", List.of("nope"))).body());
        assertThat(answers.stream().flatMap(answer -> leaks(answer).stream()).toList())
                .as("answers that name the data root or the home directory")
                .isEmpty();
    }

    /** The answer, when it names the data root, the home directory or the workspaces' directory. */
    private static Optional<String> leaks(String answer) {
        String home = System.getProperty("user.home");
        boolean leaks = answer.contains(root.toString())
                || answer.contains(dir.toString())
                || (home.length() > 1 && answer.contains(home + "/"));
        return leaks ? Optional.of(answer) : Optional.empty();
    }

    private static Map<String, Object> runSql(String sql, String engine) {
        return HttpCalls.runSql(sql, "h", "big", engine);
    }

    private static HttpResponse<String> post(String route, Object body) throws Exception {
        return calls.post(route, body);
    }
}
