package io.tablequery.engine.exec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class QueryDeadlineTest {
    @Test
    void cancelsTheRunningStatementAndRefusesTheNext() throws SQLException {
        try (Connection duckDb = DriverManager.getConnection("jdbc:duckdb:");
                QueryDeadline deadline =
                        QueryDeadline.start(Duration.ofMillis(300).toNanos())) {
            try (Statement first = deadline.watch(duckDb.createStatement());
                    ResultSet rs = first.executeQuery("SELECT 1")) {
                assertThat(rs.next()).isTrue();
            }
            long started = System.nanoTime();
            assertThatThrownBy(() -> {
                        try (Statement bomb = deadline.watch(duckDb.createStatement())) {
                            bomb.executeQuery("SELECT count(*) FROM range(100000000000) a, range(1000) b"
                                    + " WHERE a.range * b.range = -1");
                        }
                    })
                    .isInstanceOf(SQLException.class);
            assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofSeconds(10));
            assertThat(deadline.expired()).isTrue();
            assertThatThrownBy(() -> deadline.watch(duckDb.createStatement()))
                    .isInstanceOf(SQLException.class)
                    .hasMessageContaining("time limit");
        }
    }
}
