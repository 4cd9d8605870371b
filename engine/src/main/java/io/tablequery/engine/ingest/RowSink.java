package io.tablequery.engine.ingest;

import java.util.List;

/** Receives the rows of one sheet from a reader. */
public interface RowSink {
    /**
     * Takes one row. The reader reuses the row object after this call returns.
     *
     * @param row the row
     */
    void row(RawRow row);

    /**
     * Ends the sheet.
     *
     * @param mergedRegions the sheet's merged regions, which spreadsheet files list after the cells
     */
    void end(List<CellRange> mergedRegions);
}
