package io.tablequery.dialects.translate;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.SQLException;
import org.junit.jupiter.api.Test;

/** {@code round(x, n)} translated against SQLite's own, on {@link RoundingSamples}. */
class RoundingTest {
    @Test
    void roundsAsSqliteDoesAroundEveryTieAndAtEveryMagnitude() throws SQLException {
        try (EnginePair engines = new EnginePair()) {
            RoundingSamples.load(engines, RoundingSamples.values(0));
            String sql = RoundingSamples.query();
            String duckSql = ((Translation.Translated) SqliteToDuckDb.translate(sql, engines.schema())).sql();
            assertThat(RoundingSamples.differences(
                            EnginePair.query(engines.sqlite, sql), EnginePair.query(engines.duckdb, duckSql)))
                    .isEmpty();
        }
    }
}
