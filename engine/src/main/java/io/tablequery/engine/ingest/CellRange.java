package io.tablequery.engine.ingest;

/**
 * A rectangular range of cells, such as a merged region.
 *
 * @param firstRow the first row, 1-based as shown in the spreadsheet
 * @param lastRow the last row, inclusive
 * @param firstColumn the first column, 0-based
 * @param lastColumn the last column, inclusive
 */
public record CellRange(long firstRow, long lastRow, int firstColumn, int lastColumn) {
    public CellRange {
        if (firstRow < 1 || lastRow < firstRow || firstColumn < 0 || lastColumn < firstColumn) {
            throw new IllegalArgumentException(
                    "invalid range: rows %d-%d, columns %d-%d".formatted(firstRow, lastRow, firstColumn, lastColumn));
        }
    }

    /**
     * Parses an A1-style reference such as {@code B3:D5} or {@code C7}.
     *
     * @param reference the reference
     * @return the range
     * @throws IllegalArgumentException if the reference is malformed
     */
    public static CellRange parse(String reference) {
        int colon = reference.indexOf(':');
        if (colon < 0) {
            CellAddress cell = CellAddress.parse(reference);
            return new CellRange(cell.row(), cell.row(), cell.column(), cell.column());
        }
        CellAddress from = CellAddress.parse(reference.substring(0, colon));
        CellAddress to = CellAddress.parse(reference.substring(colon + 1));
        return new CellRange(
                Math.min(from.row(), to.row()),
                Math.max(from.row(), to.row()),
                Math.min(from.column(), to.column()),
                Math.max(from.column(), to.column()));
    }

    /**
     * Tells whether the range spans more than one row.
     *
     * @return true if it is vertical
     */
    public boolean spansRows() {
        return lastRow > firstRow;
    }

    /**
     * Tells whether the range spans more than one column.
     *
     * @return true if it is horizontal
     */
    public boolean spansColumns() {
        return lastColumn > firstColumn;
    }

    /**
     * Tells whether a cell lies inside the range.
     *
     * @param row the 1-based row
     * @param column the 0-based column
     * @return true if inside
     */
    public boolean contains(long row, int column) {
        return row >= firstRow && row <= lastRow && column >= firstColumn && column <= lastColumn;
    }
}
