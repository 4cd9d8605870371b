package io.tablequery.engine.result;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.VarCharVector;
import org.junit.jupiter.api.Test;

/**
 * A DuckDB result of text, whole numbers and doubles is read through DuckDB's Arrow export; any other column type
 * sends the whole result through arrow-jdbc. Both must write every value alike, as SQLite writes it, read as the
 * truncator reads them ({@link BatchText}).
 */
class ArrowRowsTest {
    private static final String VALUES = "SELECT * FROM (VALUES"
            + " ('plain', 1::BIGINT, 2::INTEGER, 3::SMALLINT, 4::TINYINT, 0.1::DOUBLE),"
            + " ('', '-9223372036854775808'::BIGINT, '-2147483648'::INTEGER, '-32768'::SMALLINT, '-128'::TINYINT, 1e100),"
            + " ('naïve 漢字 😀', 9223372036854775807::BIGINT, 2147483647::INTEGER, 32767::SMALLINT, 127::TINYINT,"
            + " -0.0::DOUBLE),"
            + " (NULL, NULL, NULL, NULL, NULL, NULL),"
            + " ('a,\"b\"\nc', 0, 0, 0, 0, 123456789.125),"
            + " ('x', 42, 7, 8, 9, 'nan'::DOUBLE),"
            + " ('y', 43, 7, 8, 9, 'inf'::DOUBLE),"
            + " ('z', 44, 7, 8, 9, 1.0e-300)"
            + ") AS v(t, b, i, s, ti, d)";

    @Test
    void theArrowExportWritesWhatArrowJdbcWrites() throws SQLException {
        try (Connection connection = DriverManager.getConnection("jdbc:duckdb:");
                BufferAllocator allocator = new RootAllocator()) {
            List<List<String>> exported = read(connection, allocator, VALUES, false);
            List<List<String>> throughJdbc =
                    read(connection, allocator, "SELECT *, NULL::BLOB AS blob FROM (" + VALUES + ")", true);
            assertThat(exported).hasSize(8);
            for (int row = 0; row < exported.size(); row++) {
                assertThat(exported.get(row))
                        .as("row %d", row)
                        .isEqualTo(throughJdbc.get(row).subList(0, 6));
            }
            assertThat(exported.get(1))
                    .containsExactly("", "-9223372036854775808", "-2147483648", "-32768", "-128", "1.0e+100");
            assertThat(exported.get(3)).containsOnlyNulls();
        }
    }

    @Test
    void everyEngineWritesAValueAlike() throws SQLException {
        String duckDb = "SELECT * FROM (VALUES ('a', 1::UNION(i BIGINT, r DOUBLE)), ('b', (2.594 / 3)::DOUBLE::UNION(i"
                + " BIGINT, r DOUBLE)), ('c', NULL)) AS v(t, n)";
        String sqlite = "SELECT 'a', 1 UNION ALL SELECT 'b', 2.594 / 3 UNION ALL SELECT 'c', NULL UNION ALL SELECT 'd',"
                + " 'text' UNION ALL SELECT 'e', 13120000.0";
        try (Connection duck = DriverManager.getConnection("jdbc:duckdb:");
                Connection lite = DriverManager.getConnection("jdbc:sqlite::memory:");
                BufferAllocator allocator = new RootAllocator()) {
            assertThat(read(duck, allocator, duckDb, true))
                    .as("DuckDB's union of integers and reals")
                    .containsExactly(
                            Arrays.asList("a", "1"),
                            Arrays.asList("b", "0.8646666666666666"),
                            Arrays.asList("c", null));
            assertThat(read(lite, allocator, sqlite, true))
                    .as("SQLite's values of every storage class")
                    .extracting(row -> row.get(1))
                    .containsExactly("1", "0.8646666666666666", null, "text", "13120000.0");
        }
    }

    @Test
    void aConsumerStopsTheExportMidway() throws SQLException {
        try (Connection connection = DriverManager.getConnection("jdbc:duckdb:");
                BufferAllocator allocator = new RootAllocator();
                Statement statement = connection.createStatement();
                ResultSet rs = statement.executeQuery("SELECT range AS n FROM range(100000)")) {
            int[] batches = {0};
            ArrowRows.stream(rs, allocator, 1000, batch -> ++batches[0] < 3);
            assertThat(batches[0]).isEqualTo(3);
        }
    }

    private static List<List<String>> read(
            Connection connection, BufferAllocator allocator, String sql, boolean throughJdbc) throws SQLException {
        List<List<String>> rows = new ArrayList<>();
        try (Statement statement = connection.createStatement();
                ResultSet rs = statement.executeQuery(sql)) {
            ArrowRows.stream(rs, allocator, 3, batch -> {
                assertThat(batch.getVector(0) instanceof VarCharVector).isTrue();
                assertThat(batch.getVector(1) instanceof VarCharVector).isEqualTo(throughJdbc);
                BatchText cells = new BatchText(batch);
                assertThat(cells.columns()).isEqualTo(batch.getFieldVectors().size());
                for (int r = 0; r < batch.getRowCount(); r++) {
                    List<String> row = new ArrayList<>();
                    for (int c = 0; c < cells.columns(); c++) {
                        row.add(cells.text(c, r));
                    }
                    rows.add(row);
                }
                return true;
            });
        }
        return rows;
    }
}
