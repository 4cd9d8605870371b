package io.tablequery.engine.result;

import static java.util.Objects.requireNonNull;

import java.util.ArrayList;
import java.util.List;
import java.util.function.LongUnaryOperator;
import org.apache.arrow.memory.BufferAllocator;

/**
 * Cuts the final tables of one run to the ceilings while their rows are fetched: the row ceiling counts across all
 * tables, each cell is cut to the cell ceiling, and the output budget stops further rows once the CSV would grow past
 * it. Rows past a ceiling are never read but one, which tells that the table was cut.
 */
public final class ResultTruncator {
    private static final int BATCH_ROWS = 256;

    private final ResultLimits limits;
    private final BufferAllocator allocator;
    private int rowsLeft;
    private long budgetLeft;

    /**
     * Creates a truncator for one run.
     *
     * @param limits the ceilings
     * @param allocator where Arrow batches take memory from
     */
    public ResultTruncator(ResultLimits limits, BufferAllocator allocator) {
        this.limits = requireNonNull(limits, "limits is null");
        this.allocator = requireNonNull(allocator, "allocator is null");
        this.rowsLeft = limits.maxRows();
        this.budgetLeft = limits.outputBudget();
    }

    /**
     * Returns how many more rows may be shown; a caller fetches no more than this.
     *
     * @return the rows left under the row ceiling
     */
    public int rowsLeft() {
        return rowsLeft;
    }

    /**
     * Reads one final table's rows and cuts them. The rows are read one past what may be shown, so that a table read
     * whole needs no count; only a table that was cut is counted.
     *
     * @param header the table's identity and columns, {@code __src} last
     * @param source the rows: the visible columns, then each row's {@code __src} citation
     * @param count counts every row of the table, given how many rows were asked of {@code source}
     * @return the table as shown
     */
    public ResultTable collect(ResultHeader header, RowBatches source, LongUnaryOperator count) {
        List<List<String>> rows = new ArrayList<>();
        int[] cutCells = {0};
        Truncation[] truncation = {Truncation.NONE};
        boolean[] stopped = {false};
        long headerLength = CsvText.recordLength(header.columns());
        long asked = rowsLeft + 1L;
        if (headerLength > budgetLeft) {
            truncation[0] = Truncation.OUTPUT_BUDGET;
            stopped[0] = true;
        } else {
            budgetLeft -= headerLength;
            source.stream(asked, allocator, BATCH_ROWS, batch -> {
                BatchText cells = new BatchText(batch);
                int columns = cells.columns();
                for (int r = 0; r < batch.getRowCount(); r++) {
                    if (rowsLeft == 0) {
                        stopped[0] = true;
                        return false;
                    }
                    List<String> row = new ArrayList<>(columns);
                    for (int c = 0; c < columns - 1; c++) {
                        String cell = cells.text(c, r);
                        String cut = CellText.cut(cell, limits.cellMax(), CellText.CUT_MARK);
                        if (cut != cell) {
                            cutCells[0]++;
                        }
                        row.add(cut);
                    }
                    row.add(cells.text(columns - 1, r));
                    int length = CsvText.recordLength(row);
                    if (length > budgetLeft) {
                        truncation[0] = Truncation.OUTPUT_BUDGET;
                        budgetLeft = 0;
                        stopped[0] = true;
                        return false;
                    }
                    budgetLeft -= length;
                    rowsLeft--;
                    rows.add(row);
                }
                return true;
            });
        }
        long totalRows = stopped[0] ? count.applyAsLong(asked) : rows.size();
        if (truncation[0] == Truncation.NONE && rows.size() < totalRows) {
            truncation[0] = budgetLeft == 0 ? Truncation.OUTPUT_BUDGET : Truncation.MAX_ROWS;
        }
        return new ResultTable(
                header.step(),
                header.name(),
                header.description(),
                header.columns(),
                rows,
                totalRows,
                cutCells[0],
                truncation[0]);
    }
}
