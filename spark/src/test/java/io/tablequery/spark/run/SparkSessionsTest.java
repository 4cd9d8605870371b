package io.tablequery.spark.run;

import static org.assertj.core.api.Assertions.assertThat;

import io.tablequery.spark.SparkEngine;
import io.tablequery.spark.testing.SparkServers;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.connect.SparkSession;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The session pool on a real Spark Connect server. */
class SparkSessionsTest {
    private SparkSessions sessions;

    @BeforeEach
    void setUp() {
        sessions = new SparkSessions(() -> SparkEngine.session(SparkServers.address()));
    }

    @AfterEach
    void tearDown() {
        sessions.close();
    }

    @Test
    void givesASessionBackWithoutTheRunsStepViewsAndHandsItToTheSameWorkspaceOnly() throws InterruptedException {
        PooledSession first = sessions.take("w");
        first.spark().sql("CREATE OR REPLACE TEMP VIEW \"step_a\" AS SELECT 1 AS x");
        first.spark().sql("CACHE TABLE \"step_a\"");
        first.made("\"__tq_table_t\"", "file:/somewhere/");
        sessions.giveBack(first, List.of("\"step_a\""), List.of("\"step_a\""));
        awaitIdle(1);

        PooledSession other = sessions.take("v");
        assertThat(other).isNotSameAs(first);
        assertThat(other.reused()).isFalse();

        PooledSession again = sessions.take("w");
        assertThat(again).isSameAs(first);
        assertThat(again.reused()).isTrue();
        assertThat(again.holds("\"__tq_table_t\"", "file:/somewhere/")).isTrue();
        assertThat(again.spark().catalog().tableExists("step_a")).isFalse();
        sessions.discard(other);
        sessions.giveBack(again, List.of(), List.of());
    }

    /**
     * A pooled session the server let go of (here released through a second client of the same session id, as a
     * server restart or its idle timeout would) is replaced before the run's first statement, with its views.
     */
    @Test
    void movesARunToANewSessionWhenTheServerLetGoOfItsPooledOne(@TempDir Path dir)
            throws IOException, InterruptedException {
        String location = dir.resolve("numbers").toUri().toString();
        PooledSession pooled = sessions.take("w");
        pooled.spark().range(3).write().parquet(location);
        sessions.giveBack(pooled, List.of(), List.of());
        awaitIdle(1);
        String id = ((SparkSession) pooled.spark()).sessionId();
        try (SparkSession twin = SparkSession.builder()
                .remote(SparkServers.address() + "/;session_id=" + id)
                .create()) {
            twin.sql("SELECT 1").collectAsList();
        }

        SparkStatements statements = new SparkStatements(sessions, "w", Duration.ofMinutes(1));
        assertThat(statements.session()).isSameAs(pooled);
        statements.view("\"__tq_table_numbers\"", location);
        List<Row> rows = statements.run(1, spark -> spark.sql("SELECT count(*) FROM \"__tq_table_numbers\"")
                .collectAsList());

        assertThat(rows.get(0).getLong(0)).isEqualTo(3);
        assertThat(statements.session()).isNotSameAs(pooled);
        assertThat(statements.session().reused()).isFalse();
    }

    private void awaitIdle(int count) throws InterruptedException {
        long until = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        while (sessions.idle() < count && System.nanoTime() < until) {
            Thread.sleep(20);
        }
        assertThat(sessions.idle()).isEqualTo(count);
    }
}
