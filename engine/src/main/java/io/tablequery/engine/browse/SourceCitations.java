package io.tablequery.engine.browse;

import io.tablequery.engine.error.EngineException;
import io.tablequery.engine.workspace.Workspace;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

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

    private static final Pattern CITATION = Pattern.compile("F(\\d+)S(\\d+)(?:R(\\d+))?");

    private SourceCitations() {}

    /** One sheet of one file. */
    private record Sheet(int file, int sheet) {}

    /**
     * Reads the cells of what the citations name.
     *
     * @param workspace the workspace
     * @param citations as a result's {@code __src} writes them: {@code F2S2R5}, {@code F2S2}, several joined by
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
        int count = 0;
        for (String part : citations == null ? new String[0] : citations.strip().split("[;,\\s]+")) {
            if (part.isEmpty()) {
                continue;
            }
            Matcher match = CITATION.matcher(part);
            if (!match.matches()) {
                throw invalid("'%s' is not a citation such as F2S1R7 (a row) or F2S1 (a sheet)".formatted(part));
            }
            if (++count > MAX_CITATIONS) {
                throw invalid("read at most %d citations at a time".formatted(MAX_CITATIONS));
            }
            Sheet sheet = new Sheet(Integer.parseInt(match.group(1)), Integer.parseInt(match.group(2)));
            RowRanges.Range rows = match.group(3) == null
                    ? new RowRanges.Range(1, SHEET_ROWS)
                    : around(Long.parseLong(match.group(3)), around);
            wanted.computeIfAbsent(sheet, key -> new ArrayList<>()).add(rows);
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

    private static RowRanges.Range around(long row, int around) {
        if (row < 1) {
            throw invalid("rows are numbered from 1, not " + row);
        }
        return new RowRanges.Range(Math.max(1, row - around), row + around);
    }

    private static EngineException invalid(String message) {
        return new EngineException(BrowseErrorCode.INVALID_RANGE, message);
    }
}
