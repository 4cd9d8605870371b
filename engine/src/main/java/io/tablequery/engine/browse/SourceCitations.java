package io.tablequery.engine.browse;

import io.tablequery.engine.error.EngineException;
import io.tablequery.engine.provenance.RowCitation;
import io.tablequery.engine.provenance.SheetRef;
import io.tablequery.engine.workspace.Workspace;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads the cells that citations name: each row a {@code F1S2R5} cites with the rows around it, and the first rows of
 * a sheet an {@code F1S2} cites, one answer per sheet. What an agent checks a value against, or reads a title or a note
 * from that the table left out.
 */
public final class SourceCitations {
    /** The most rows shown around a cited row. */
    public static final int MAX_AROUND = 20;
    /** The rows a sheet-level citation shows: the top of the sheet. */
    static final int SHEET_ROWS = 20;
    /** The most citations one call reads. */
    static final int MAX_CITATIONS = 50;
    /** The most rows of one cited range shown, from its first. */
    static final int MAX_RANGE_ROWS = 200;

    private SourceCitations() {}

    /** One sheet of one file. */
    private record Sheet(int file, int sheet) {}

    /**
     * Reads the cells of what the citations name.
     *
     * @param workspace the workspace
     * @param citations as a result's {@code __src} writes them: {@code F2S2R5}, {@code F2S2R5-R9,R12}, {@code F2S2}, several joined by
     *     {@code ;} or spaces
     * @param around how many rows above and below each cited row to show, 0 to {@link #MAX_AROUND}
     * @return one answer per sheet, in the order first cited
     * @throws EngineException INVALID_RANGE for text that is no citation, or too many; what {@link SourceCellsReader}
     *     throws
     */
    public static List<SourceCells> read(Workspace workspace, String citations, int around) {
        if (around < 0 || around > MAX_AROUND) {
            throw invalid("around must be 0 to %d rows, not %d".formatted(MAX_AROUND, around));
        }
        Map<Sheet, List<RowRanges.Range>> wanted = new LinkedHashMap<>();
        RowCitation.Parsed parsed = RowCitation.parse(citations == null ? "" : citations);
        if (parsed == null) {
            throw invalid(("'%s' is not a citation such as F2S1R7 (a row), F2S1R5-R9,R12 (rows) or F2S1 (a sheet)")
                    .formatted(citations));
        }
        if (parsed.sheets().size() + parsed.ranges().size() > MAX_CITATIONS) {
            throw invalid("read at most %d citations at a time".formatted(MAX_CITATIONS));
        }
        for (SheetRef whole : parsed.sheets()) {
            wanted.computeIfAbsent(new Sheet(whole.fileNumber(), whole.sheetNumber()), key -> new ArrayList<>())
                    .add(new RowRanges.Range(1, SHEET_ROWS));
        }
        for (RowCitation.Range range : parsed.ranges()) {
            wanted.computeIfAbsent(
                            new Sheet(range.sheet().fileNumber(), range.sheet().sheetNumber()),
                            key -> new ArrayList<>())
                    .add(new RowRanges.Range(
                            // Rows from 1 in a spreadsheet; a database table's rowids may be 0 or below.
                            range.first() < 1 ? range.first() - around : Math.max(1, range.first() - around),
                            Math.min(range.last(), range.first() + MAX_RANGE_ROWS - 1) + around));
        }
        if (wanted.isEmpty()) {
            throw invalid("give a citation such as F2S1R7 (a row) or F2S1 (a sheet), as a result's __src has them");
        }
        List<SourceCells> answers = new ArrayList<>();
        for (Map.Entry<Sheet, List<RowRanges.Range>> entry : wanted.entrySet()) {
            answers.add(SourceCellsReader.read(
                    workspace, entry.getKey().file(), entry.getKey().sheet(), new RowRanges(entry.getValue())));
        }
        return answers;
    }

    private static EngineException invalid(String message) {
        return new EngineException(BrowseErrorCode.INVALID_RANGE, message);
    }
}
