package io.tablequery.engine.ingest;

import java.util.List;

/** What became of a sheet after one read. */
sealed interface SheetOutcome {
    /**
     * The sheet became a table, written to both copies.
     *
     * @param plan its columns
     * @param layout where it sat in the sheet
     * @param rowCount its data rows
     * @param firstDataRow the first data row number, or -1
     * @param lastDataRow the last data row number, or -1
     * @param totalRows rows that look like totals
     * @param coercions what changed on the way in
     */
    record Table(
            TablePlan plan,
            Layout layout,
            long rowCount,
            long firstDataRow,
            long lastDataRow,
            List<Long> totalRows,
            List<CoercionReport> coercions)
            implements SheetOutcome {}

    /**
     * The sheet holds no table.
     *
     * @param reason why, in words
     */
    record Empty(String reason) implements SheetOutcome {}

    /**
     * The sheet must be read again: its merged regions or its full data changed what the first read assumed.
     *
     * @param merges the merged regions, known now
     * @param plan the settled columns, or null when the layout must be detected again
     */
    record Replay(List<CellRange> merges, TablePlan plan) implements SheetOutcome {}
}
