package io.tablequery.dialects;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.function.DoubleSupplier;
import org.junit.jupiter.api.Test;

/** SQLite's own text for a REAL, against the SQLite library the project runs, over values of every kind. */
class SqliteRealsTest {
    private static final int PER_KIND = 40_000;

    @Test
    void pinsTheTableOfPowersOfTenSqliteUses() {
        assertThat(SqliteReals.powerOfTen(-1)).isEqualTo(0xccccccccccccccccL);
        assertThat(SqliteReals.powerOfTen(-237)).isEqualTo(0xd0601d8efc57b08bL);
        assertThat(SqliteReals.powerOfTen(0)).isEqualTo(0x8000000000000000L);
        assertThat(SqliteReals.powerOfTen(230)).isEqualTo(0x83ea2b892091e44dL);
        assertThat(SqliteReals.powerOfTen(347)).isEqualTo(0xd13eb46469447567L);
    }

    @Test
    void writesTheExamplesAsSqliteDoes() {
        assertThat(SqliteReals.text(13120000.0)).isEqualTo("13120000.0");
        assertThat(SqliteReals.text(0.0001)).isEqualTo("0.0001");
        assertThat(SqliteReals.text(3237.7142857142858)).isEqualTo("3237.7142857142858");
        assertThat(SqliteReals.text(1.0 / 3)).isEqualTo("0.33333333333333332");
        assertThat(SqliteReals.text(0.1)).isEqualTo("0.1");
        assertThat(SqliteReals.text(1e100)).isEqualTo("1.0e+100");
        assertThat(SqliteReals.text(-1.5e-7)).isEqualTo("-1.5e-07");
        assertThat(SqliteReals.text(-0.0)).isEqualTo("0.0");
        assertThat(SqliteReals.text(Double.POSITIVE_INFINITY)).isEqualTo("Inf");
    }

    @Test
    void agreesWithSqliteOnEveryKindOfValue() throws SQLException {
        Random random = new Random(20261201L);
        List<DoubleSupplier> kinds = List.of(
                () -> Double.longBitsToDouble(random.nextLong() & 0x7fefffffffffffffL),
                () -> Double.longBitsToDouble(random.nextLong() & 0x000fffffffffffffL),
                () -> (random.nextInt(2_000_001) - 1_000_000) / Math.pow(10, random.nextInt(8)),
                () -> (double) (random.nextLong() >> random.nextInt(64)),
                () -> Math.pow(10, random.nextInt(600) - 300) * (1 + (random.nextInt(3) - 1) * Math.ulp(1.0)),
                () -> random.nextDouble() * Math.pow(10, random.nextInt(40) - 20),
                () -> Math.nextAfter(Math.rint(random.nextDouble() * 1e6) / 100, random.nextBoolean() ? 0 : 1e9));
        List<String> differences = new ArrayList<>();
        try (Connection sqlite = DriverManager.getConnection("jdbc:sqlite::memory:");
                PreparedStatement cast = sqlite.prepareStatement("SELECT CAST(? AS TEXT)")) {
            for (DoubleSupplier kind : kinds) {
                for (int i = 0; i < PER_KIND; i++) {
                    double value = kind.getAsDouble();
                    cast.setDouble(1, value);
                    try (ResultSet rs = cast.executeQuery()) {
                        rs.next();
                        String expected = rs.getString(1);
                        String actual = SqliteReals.text(value);
                        if (!expected.equals(actual) && differences.size() < 20) {
                            differences.add(Double.toString(value) + ": sqlite " + expected + ", ours " + actual);
                        }
                    }
                }
            }
        }
        assertThat(differences).isEmpty();
    }
}
