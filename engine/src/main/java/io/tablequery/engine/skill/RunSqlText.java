package io.tablequery.engine.skill;

import io.tablequery.engine.exec.RunSqlResult;
import io.tablequery.engine.plan.SkillNames;
import io.tablequery.engine.provenance.FileRefTable;
import io.tablequery.engine.result.CsvText;
import io.tablequery.engine.result.ResultLimits;
import io.tablequery.engine.result.ResultTable;
import io.tablequery.engine.result.Truncation;
import java.util.List;
import java.util.StringJoiner;

/**
 * Writes a run-sql result as the text agents read: the citation instructions, the {@code file_ref_table}, then each
 * final table's description, truncation hint and CSV with {@code __src} last.
 */
public final class RunSqlText {
    static final String INSTRUCTIONS = """
            Citation instructions:
            - Each result row ends with __src, which says which source rows its values were computed from: \
            F1S2R5 is row 5 of sheet 2 of file F1; F1S2R5-R9,R12 is rows 5 to 9 and 12 of that sheet (a total, \
            a group or a join cites every row that went into it); several sheets are separated by ";". A citation \
            shows its first ranges and ends with ...+N rows when it leaves N rows unshown. F1S2 without R means the \
            row was computed from that whole sheet and no single rows can be named.
            - Look each file ref up in file_ref_table and cite as \
            <CITATION file="<file_id>" filename="<filename>" sheet=<sheet number> rows=[<row numbers>] /> \
            (rows=[] for a whole sheet).
            - Put each citation on its own line after the list or table that uses the data, and combine the rows \
            of one file and sheet into one citation: rows=[5,7,12], or rows=[5-9,12] for ranges.
            - Never show the __src column to the user.
            """;

    private RunSqlText() {}

    /**
     * Formats a result.
     *
     * @param result the run's result
     * @param names how the caller names the tools and arguments the hints mention
     * @return the agent text
     */
    public static String format(RunSqlResult result, SkillNames names) {
        StringBuilder out = new StringBuilder();
        result.notices().forEach(notice -> out.append("Note: ").append(notice).append('\n'));
        if (!result.notices().isEmpty()) {
            out.append('\n');
        }
        if (result.comparison() != null) {
            out.append("Engine comparison (the results below are SQLite's):\n");
            result.comparison()
                    .lines()
                    .forEach(line -> out.append("- ").append(line).append('\n'));
            out.append('\n');
        }
        out.append(INSTRUCTIONS).append('\n');
        out.append("file_ref_table:\n");
        appendFileRefs(out, result.fileRefs());
        List<ResultTable> tables = result.tables();
        for (int i = 0; i < tables.size(); i++) {
            ResultTable table = tables.get(i);
            out.append('\n')
                    .append("Result %d of %d: %s (step %d)"
                            .formatted(i + 1, tables.size(), table.name(), table.step()));
            if (!table.description().isBlank()) {
                out.append(" - ").append(table.description().strip());
            }
            out.append('\n');
            out.append(rowsLine(table, result.limits(), names)).append('\n');
            if (table.cutCells() > 0) {
                out.append(("%,d cells longer than %,d characters were cut and end with \"..\"; re-run with a"
                                        + " higher %s (ceiling %,d) to read them whole.")
                                .formatted(
                                        table.cutCells(),
                                        result.limits().cellMax(),
                                        names.cellMax(),
                                        ResultLimits.CELL_MAX_CEILING))
                        .append('\n');
            }
            out.append(table.csv());
        }
        return out.toString();
    }

    static void appendFileRefs(StringBuilder out, FileRefTable fileRefs) {
        CsvText.appendRecord(out, List.of("file_ref", "file_id", "filename", "sheets"));
        for (FileRefTable.Entry entry : fileRefs.files()) {
            StringJoiner sheets = new StringJoiner(";");
            entry.sheets().forEach(sheet -> sheets.add(sheet.number() + ":" + sheet.name()));
            CsvText.appendRecord(out, List.of(entry.fileRef(), entry.fileId(), entry.fileName(), sheets.toString()));
        }
    }

    private static String rowsLine(ResultTable table, ResultLimits limits, SkillNames names) {
        if (table.truncation() == Truncation.NONE) {
            return rows(table.totalRows()) + ".";
        }
        String cut = "Only the first %s shown; the remaining %s omitted (%s in total)."
                .formatted(
                        rows(table.shownRows()) + (table.shownRows() == 1 ? " is" : " are"),
                        rows(table.omittedRows()) + (table.omittedRows() == 1 ? " was" : " were"),
                        rows(table.totalRows()));
        if (table.truncation() == Truncation.OUTPUT_BUDGET) {
            return cut
                    + " The output budget of %,d characters was reached: select fewer columns, filter, or aggregate."
                            .formatted(limits.outputBudget());
        }
        return cut
                + " To see more, re-run with a higher %s (now %,d across all results; ceiling %,d), or aggregate."
                        .formatted(names.maxRows(), limits.maxRows(), ResultLimits.MAX_ROWS_CEILING);
    }

    /** Returns {@code 1 row} or {@code N rows}, N with thousands separators. */
    static String rows(long count) {
        return count == 1 ? "1 row" : "%,d rows".formatted(count);
    }
}
