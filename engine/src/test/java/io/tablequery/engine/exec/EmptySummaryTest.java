package io.tablequery.engine.exec;

import static org.assertj.core.api.Assertions.assertThat;

import io.tablequery.dialects.sql.SqliteStatement;
import io.tablequery.engine.provenance.LineageSummary;
import io.tablequery.engine.provenance.SheetRef;
import io.tablequery.engine.result.ArrowRows;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.junit.jupiter.api.Test;

/**
 * A group with no row of a sheet (an outer join's side that found none) has the summary {@code [0, NULL]}, as DuckDB's
 * {@code count} and {@code max} of no values make it: both readers of summaries take it as a summary of no rows, so
 * the group is cited from its other sheets rather than left to a second reading of its rows.
 */
class EmptySummaryTest {
    private static final SheetRef ITEMS = new SheetRef(1, 1);
    private static final SheetRef LABELS = new SheetRef(2, 1);
    private static final LineageSummary SUMMARY = new LineageSummary(
            SqliteStatement.of("SELECT 1"),
            List.of(
                    new LineageSummary.Column(ITEMS, "items", false, false),
                    new LineageSummary.Column(LABELS, "labels", false, false)),
            false);

    /** Rows of summaries as DuckDB's row summary makes them: of rows 7-9 and none, of none and none, of both. */
    private static final String ROWS = "SELECT * FROM (VALUES"
            + " (1, [3, 9, 7, 8, 9]::BIGINT[], [0, NULL]::BIGINT[]),"
            + " (2, [0, NULL]::BIGINT[], [0, NULL]::BIGINT[]),"
            + " (3, [2, 5, 2, 5]::BIGINT[], [1, 4, 4]::BIGINT[])) AS t(o, items, labels) ORDER BY o";

    @Test
    void aStreamedSummaryOfNoRowsCitesTheOtherSheets() throws SQLException {
        Map<Long, String> citations = new HashMap<>();
        boolean[] cited = {false};
        try (BufferAllocator allocator = new RootAllocator();
                Connection duckdb = DriverManager.getConnection("jdbc:duckdb:");
                Statement statement = duckdb.createStatement();
                ResultSet rs = statement.executeQuery(ROWS)) {
            SummaryVectors summaries = new SummaryVectors(SUMMARY, 16);
            boolean exported = ArrowRows.streamExported(rs, 1, allocator, 1024, batch -> {
                cited[0] = summaries.cite(batch, 1, batch.getRowCount(), 1, citations);
                return true;
            });
            assertThat(exported).isTrue();
        }
        assertThat(cited[0]).as("every row decided").isTrue();
        assertThat(citations).containsOnly(Map.entry(1L, "F1S1R7-R9"), Map.entry(3L, "F1S1R2,R5;F2S1R4"));
    }

    @Test
    void aKeptSummaryOfNoRowsCitesTheOtherSheets() throws SQLException {
        Map<Long, String> citations = new HashMap<>();
        try (Connection duckdb = DriverManager.getConnection("jdbc:duckdb:");
                Statement statement = duckdb.createStatement()) {
            assertThat(RangeSummaries.citeSummarized(statement, ROWS, SUMMARY, 16, citations))
                    .as("rows left undecided")
                    .isEmpty();
        }
        assertThat(citations).containsOnly(Map.entry(1L, "F1S1R7-R9"), Map.entry(3L, "F1S1R2,R5;F2S1R4"));
    }
}
