package io.tablequery.engine.workspace;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tablequery.engine.catalog.CatalogErrorCode;
import io.tablequery.engine.catalog.TableInfo;
import io.tablequery.engine.duck.DuckDbTools;
import io.tablequery.engine.duck.DuckToolResult;
import io.tablequery.engine.duck.DuckToolSettings;
import io.tablequery.engine.error.EngineException;
import io.tablequery.engine.exec.RunSqlResult;
import io.tablequery.engine.ingest.IngestListener;
import io.tablequery.engine.plan.PlanParser;
import io.tablequery.engine.skill.PlanEngine;
import io.tablequery.engine.skill.RunSqlRequest;
import io.tablequery.engine.skill.SkillSettings;
import io.tablequery.engine.skill.TableQuerySkill;
import io.tablequery.engine.testing.Plans;
import io.tablequery.engine.testing.TableReader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An upload answers once its SQLite copy commits, and its DuckDB copy follows on the follower's thread: meanwhile
 * auto answers from SQLite and says why, duckdb and the DuckDB tools wait within their time limit and then answer a
 * clear error, a reader that waits gets the new version and never the one replaced, and a copy a crash left unmade is
 * made when the workspace opens. The window between the two commits is held open with {@link Workspace#holdDuckDb()}.
 */
class DuckDbFollowerTest {
    private static final String COUNT = "SELECT count(*) AS n, sum(qty) AS q FROM orders";

    @TempDir
    Path dir;

    @Test
    void theDuckDbCopyFollowsTheUploadAndNothingReadsItBehind() throws Exception {
        try (Workspace workspace = Workspace.open(dir.resolve("ws"))) {
            workspace.ingest(orders(dir.resolve("v1.csv"), 50), "orders.csv", IngestListener.NONE);
            TableQuerySkill eager = new TableQuerySkill(workspace, SkillSettings.DEFAULTS.withAutoDuckDbRows(0));
            assertThat(csv(eager, PlanEngine.DUCKDB, COUNT)).contains("50,1275");
            CompletableFuture<String> waiting;
            try (AutoCloseable held = workspace.holdDuckDb()) {
                workspace.ingest(orders(dir.resolve("v2.csv"), 70), "orders.csv", IngestListener.NONE);
                TableInfo table = workspace.catalog().table("orders").orElseThrow();
                assertThat(workspace.duckDbState(table)).isEqualTo("pending");
                assertThat(workspace.duckDbLevel()).isFalse();

                RunSqlResult auto = run(eager, PlanEngine.AUTO, COUNT);
                assertThat(auto.engine()).isEqualTo("sqlite");
                assertThat(auto.notices()).anyMatch(n -> n.contains("the DuckDB copy is still following the last"));
                assertThat(auto.tables().get(0).csv()).contains("70,2485");

                TableQuerySkill quick =
                        new TableQuerySkill(workspace, SkillSettings.DEFAULTS.withQueryTimeout(Duration.ofMillis(300)));
                assertThatThrownBy(() -> run(quick, PlanEngine.DUCKDB, COUNT))
                        .isInstanceOf(EngineException.class)
                        .satisfies(e -> assertThat(((EngineException) e).getErrorCode())
                                .isEqualTo(CatalogErrorCode.DUCKDB_COPY_PENDING.toErrorCode()))
                        .hasMessageContaining("still being made after its last upload");
                DuckToolResult tool = new DuckDbTools(
                                workspace, DuckToolSettings.DEFAULTS.withQueryTimeout(Duration.ofMillis(300)))
                        .queryDuckDB("SELECT count(*) FROM orders");
                assertThat(tool.success()).isFalse();
                assertThat(tool.code()).isEqualTo("COPY_PENDING");

                waiting = CompletableFuture.supplyAsync(() -> csv(eager, PlanEngine.DUCKDB, COUNT));
                Thread.sleep(300);
                assertThat(waiting).isNotDone();
            }
            assertThat(waiting.get(30, TimeUnit.SECONDS)).contains("70,2485");
            TableInfo table = workspace.catalog().table("orders").orElseThrow();
            assertThat(workspace.duckDbState(table)).isEqualTo("ready");
            assertThat(run(eager, PlanEngine.AUTO, COUNT).engine()).isEqualTo("duckdb");
            try (Stream<Path> left = Files.list(workspace.directory().resolve("tmp"))) {
                assertThat(left).as("spools are deleted once loaded").isEmpty();
            }
        }
    }

    @Test
    void aRemovedFilesTablesAreGoneFromDuckDbBeforeItAnswers() throws Exception {
        try (Workspace workspace = Workspace.open(dir.resolve("ws"))) {
            workspace.ingest(orders(dir.resolve("orders.csv"), 20));
            workspace.awaitDuckDb(Duration.ofSeconds(30));
            try (AutoCloseable held = workspace.holdDuckDb()) {
                workspace.deleteFile(1);
                assertThat(workspace.duckDbLevel()).isFalse();
            }
            try (Connection duckDb = workspace.openDuckDb()) {
                assertThat(TableReader.rows(
                                        duckDb,
                                        "SELECT count(*) FROM duckdb_views() WHERE view_name = 'orders' AND NOT internal")
                                .get(0)
                                .get(0))
                        .isEqualTo(0L);
            }
        }
    }

    /** A crash after the SQLite commit leaves the copy unmade and unrecorded: the next open makes it from SQLite. */
    @Test
    void aCopyACrashLeftUnmadeIsMadeWhenTheWorkspaceOpens() throws Exception {
        Path directory = dir.resolve("ws");
        String storage;
        try (Workspace workspace = Workspace.open(directory)) {
            workspace.ingest(orders(dir.resolve("orders.csv"), 30));
            storage = workspace.catalog().table("orders").orElseThrow().storageName();
            try (Connection duckDb = workspace.openDuckDb();
                    Statement statement = duckDb.createStatement()) {
                statement.execute("DROP TABLE tq_store." + storage);
            }
        }
        try (Connection sqlite = DriverManager.getConnection("jdbc:sqlite:" + directory.resolve("tables.sqlite"));
                Statement statement = sqlite.createStatement()) {
            statement.execute("DELETE FROM tq_catalog_duckdb_copies");
        }
        try (Workspace workspace = Workspace.open(directory)) {
            TableInfo table = workspace.catalog().table("orders").orElseThrow();
            assertThat(workspace.duckDbState(table)).isIn("pending", "ready");
            TableQuerySkill skill = new TableQuerySkill(workspace, SkillSettings.DEFAULTS);
            assertThat(csv(skill, PlanEngine.DUCKDB, COUNT)).contains("30,465");
            assertThat(workspace.duckDbState(table)).isEqualTo("ready");
        }
        try (Workspace workspace = Workspace.open(directory)) {
            assertThat(workspace.duckDbLevel())
                    .as("recorded, so nothing to make at the next open")
                    .isTrue();
        }
    }

    private static Path orders(Path file, int rows) throws IOException {
        StringBuilder csv = new StringBuilder("id,city,qty\n");
        for (int i = 1; i <= rows; i++) {
            csv.append(i).append(",City ").append(i % 3).append(',').append(i).append('\n');
        }
        return Files.writeString(file, csv);
    }

    private static String csv(TableQuerySkill skill, PlanEngine engine, String sql) {
        return run(skill, engine, sql).tables().get(0).csv();
    }

    private static RunSqlResult run(TableQuerySkill skill, PlanEngine engine, String sql) {
        return skill.runSql(new RunSqlRequest(PlanParser.parse(Plans.chain(sql)), 100, null, engine));
    }
}
