package io.tablequery.dialects.translate;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * {@code round(x, n)} translated against SQLite's own, on values at, just below and just above every tie
 * ({@code (k + 0.5) / 10^n}) at every precision from 0 to 12, and on products that land near one.
 */
class RoundingTest {
    private static final int PER_PRECISION = 600;

    @Test
    void roundsAsSqliteDoesAroundEveryTie() throws SQLException {
        Random random = new Random(20261201L);
        List<Double> values = new ArrayList<>();
        values.add(1899.5 * (1 - 0.1));
        values.add(0.49999999999999994);
        values.add(-2.5);
        values.add(1e25 + 1);
        values.add(9.3e18);
        // Around 2^52 and 2^53, where adding 0.5 rounds in binary and SQLite leaves the value as it is.
        for (double base : new double[] {0x1p52, 0x1p53}) {
            for (int step = -3; step <= 3; step++) {
                values.add(base + step);
                values.add(-(base + step));
                values.add(base + step + 0.5);
                values.add(-(base + step + 0.5));
            }
        }
        for (int n = 0; n <= 12; n++) {
            for (int i = 0; i < PER_PRECISION; i++) {
                long k = random.nextInt(2_000_000) - 1_000_000L;
                double tie = (k + 0.5) / Math.pow(10, n);
                values.add(tie);
                values.add(Math.nextUp(tie));
                values.add(Math.nextDown(tie));
                values.add((k + 0.5) * Math.pow(0.1, n));
            }
        }
        List<String> differences = new ArrayList<>();
        try (EnginePair engines = new EnginePair()) {
            engines.sqliteScript(List.of("CREATE TABLE r(v REAL)"));
            try (PreparedStatement insert = engines.sqlite.prepareStatement("INSERT INTO r VALUES (?)")) {
                for (double value : values) {
                    insert.setDouble(1, value);
                    insert.addBatch();
                }
                insert.executeBatch();
            }
            engines.copyTables();
            for (int n = 0; n <= 13; n++) {
                String sql = "SELECT v, round(v, %d) FROM r ORDER BY rowid".formatted(n);
                String duckSql = ((Translation.Translated) SqliteToDuckDb.translate(sql, engines.schema())).sql();
                EnginePair.Rows sqlite = EnginePair.query(engines.sqlite, sql);
                EnginePair.Rows duckdb = EnginePair.query(engines.duckdb, duckSql);
                for (int r = 0; r < sqlite.rows().size(); r++) {
                    Object expected = sqlite.rows().get(r).get(1);
                    Object actual = duckdb.rows().get(r).get(1);
                    if (!EnginePair.Rows.sameValue(expected, actual) && differences.size() < 20) {
                        differences.add("round(%s, %d): sqlite %s, translated %s"
                                .formatted(sqlite.rows().get(r).get(0), n, expected, actual));
                    }
                }
            }
        }
        assertThat(differences).isEmpty();
    }
}
