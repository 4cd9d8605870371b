package io.tablequery.engine.ingest.excel;

import io.tablequery.engine.error.EngineException;
import io.tablequery.engine.ingest.IngestErrorCode;
import java.util.function.Supplier;

/**
 * How much text a workbook's cell and row may hold: a cell joined from many rich-text runs, or a row of many large
 * cells, passes the token guard run by run, so their totals are bounded here, before they are held whole.
 */
final class TextLimits {
    /** The most characters of one cell or shared string: 16 Mi, 500 times Excel's longest cell. */
    static final int MAX_CELL_CHARS = 16 << 20;

    /** The most characters of the text cells of one row. */
    static final long MAX_ROW_CHARS = 64L << 20;

    private TextLimits() {}

    /**
     * Fails when a cell's text has grown past {@link #MAX_CELL_CHARS}.
     *
     * @param chars the cell's characters so far
     * @param fileName the file, for the error
     * @param where the cell or string, for the error, such as {@code cell C7 of sheet 'Q1'}; made only on failure
     */
    static void checkCell(long chars, String fileName, Supplier<String> where) {
        if (chars > MAX_CELL_CHARS) {
            throw tooLarge(fileName, where.get(), MAX_CELL_CHARS);
        }
    }

    /**
     * Fails when a row's text has grown past {@link #MAX_ROW_CHARS}.
     *
     * @param chars the row's characters so far
     * @param fileName the file, for the error
     * @param where the row, for the error; made only on failure
     */
    static void checkRow(long chars, String fileName, Supplier<String> where) {
        if (chars > MAX_ROW_CHARS) {
            throw tooLarge(fileName, where.get(), MAX_ROW_CHARS);
        }
    }

    private static EngineException tooLarge(String fileName, String where, long limit) {
        return new EngineException(
                IngestErrorCode.RECORD_TOO_LARGE,
                ("'%s' holds over %,d characters of text in %s, far beyond Excel's longest cell of 32,767 characters,"
                                + " as zip bombs do; it was not read further. Text that long is read from a CSV: save"
                                + " the sheet as .csv and upload that")
                        .formatted(fileName, limit, where));
    }
}
