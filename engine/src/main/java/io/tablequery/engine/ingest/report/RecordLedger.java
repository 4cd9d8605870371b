package io.tablequery.engine.ingest.report;

import io.tablequery.engine.catalog.ColumnInfo;
import io.tablequery.engine.ingest.CellAddress;
import io.tablequery.engine.ingest.IngestedSheet;
import io.tablequery.engine.ingest.IngestedTable;
import io.tablequery.engine.ingest.RecordCounts;
import io.tablequery.engine.ingest.TableRole;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;

/**
 * Where every record of a delimited file went: its lines, its records, and of those the rows of its tables, the
 * titles and header rows, the empty records and the records in no table. The counts add up: {@code records = rows +
 * layoutRows + emptyRecords + inNoTable}, except where tables sit side by side and one record holds a row of each.
 *
 * @param lines the file's lines, through its last record
 * @param records its records: a record with quoted line breaks is one, a comment line none
 * @param multiLineRecords records holding quoted line breaks
 * @param multiLineLines the lines those records take
 * @param commentLines lines left out as comments
 * @param hashRecords records kept although they start with {@code #}: they split into fields as the other records do
 * @param rows the records that are rows of a table (a totals table's included)
 * @param tables the tables holding them
 * @param layoutRows the records read as titles or header rows
 * @param emptyRecords records whose every field is empty, which no table keeps
 * @param inNoTable records in no table: rows a table left out (a repeated header), notes beside a table, the rows of
 *     a sheet that made none; each sheet's notes say which and why
 * @param sideBySide whether two tables share records, so that the records in no table are not counted (0)
 * @param fields the fields of the record that has the most
 * @param keptFields the fields up to the last that a table keeps as a column; the fields after it are empty in every
 *     record and have no header
 */
public record RecordLedger(
        long lines,
        long records,
        long multiLineRecords,
        long multiLineLines,
        long commentLines,
        long hashRecords,
        long rows,
        int tables,
        long layoutRows,
        long emptyRecords,
        long inNoTable,
        boolean sideBySide,
        int fields,
        int keptFields) {
    /**
     * Accounts for the records of a delimited file.
     *
     * @param counts how the file's lines became records
     * @param sheets what became of its records
     * @return the account
     */
    static RecordLedger of(RecordCounts counts, List<IngestedSheet> sheets) {
        long rows = 0;
        int tables = 0;
        long layoutRows = 0;
        long emptyRecords = 0;
        boolean sideBySide = false;
        int keptFields = 0;
        for (IngestedSheet sheet : sheets) {
            TreeSet<Long> layout = new TreeSet<>();
            List<long[]> ranges = new ArrayList<>();
            for (IngestedTable table : sheet.tables()) {
                if (table.role() == TableRole.LONG) {
                    // Its rows are the data table's, once for each column of numbers: no record of the file.
                    continue;
                }
                rows += table.rowCount();
                tables++;
                for (ColumnInfo column : table.columns()) {
                    keptFields = Math.max(
                            keptFields, CellAddress.parse(column.source() + "1").column() + 1);
                }
                layout.addAll(table.titleRows());
                layout.addAll(table.headerRows());
                if (table.role() == TableRole.DATA && table.firstDataRow() > 0) {
                    for (long[] range : ranges) {
                        sideBySide |= table.firstDataRow() <= range[1] && range[0] <= table.lastDataRow();
                    }
                    ranges.add(new long[] {table.firstDataRow(), table.lastDataRow()});
                }
            }
            layoutRows += layout.size();
            emptyRecords += sheet.emptyRows();
        }
        long rest = counts.records() - rows - layoutRows - emptyRecords;
        sideBySide |= rest < 0;
        return new RecordLedger(
                counts.lines(),
                counts.records(),
                counts.multiLineRecords(),
                counts.multiLineLines(),
                counts.commentLines(),
                counts.hashRecords(),
                rows,
                tables,
                layoutRows,
                emptyRecords,
                sideBySide ? 0 : rest,
                sideBySide,
                counts.maxFields(),
                keptFields);
    }

    /**
     * Says it for the upload's report: {@code the file's 16 lines are 9 records: 7 comment lines (starting with #)
     * were left out; of the records, 3 are rows of the table, 1 is a title or header row, 5 are empty (no table keeps
     * those)}.
     *
     * @return the note
     */
    public String note() {
        StringBuilder note = new StringBuilder("the file's %,d lines are %,d records".formatted(lines, records));
        List<String> why = new ArrayList<>();
        if (multiLineRecords > 0) {
            why.add("%,d records hold quoted line breaks, over %,d lines".formatted(multiLineRecords, multiLineLines));
        }
        if (commentLines > 0) {
            why.add("%,d comment lines (starting with #) were left out".formatted(commentLines));
        }
        if (hashRecords > 0) {
            boolean one = hashRecords == 1;
            why.add("%,d %s with #, as comment lines do, but %s into fields as the other records do, so %s kept"
                    .formatted(
                            hashRecords,
                            one ? "record starts" : "records start",
                            one ? "splits" : "split",
                            one ? "it is" : "they are"));
        }
        if (!why.isEmpty()) {
            note.append(": ").append(String.join("; ", why));
        }
        List<String> parts = new ArrayList<>();
        String of = tables == 1 ? "the table" : "%d tables".formatted(tables);
        if (sideBySide) {
            of += " side by side (a record can hold a row of each)";
        }
        parts.add(are(rows, "rows of " + of, "a row of " + of));
        if (layoutRows > 0) {
            parts.add(are(layoutRows, "titles or header rows", "a title or header row"));
        }
        if (emptyRecords > 0) {
            parts.add(are(emptyRecords, "empty (no table keeps those)", "empty (no table keeps it)"));
        }
        if (inNoTable > 0) {
            parts.add(are(inNoTable, "in no table", "in no table") + " (the sheet's notes say why)");
        }
        note.append("; of the records, ").append(String.join(", ", parts));
        int unkept = fields - keptFields;
        if (keptFields > 0 && unkept > 0) {
            String columns = unkept == 1
                    ? "column " + CellAddress.columnLetters(keptFields)
                    : "columns %s-%s"
                            .formatted(CellAddress.columnLetters(keptFields), CellAddress.columnLetters(fields - 1));
            note.append("; records have up to %d fields, and the last %s (%s) %s empty in every record and without a"
                            .formatted(fields, unkept == 1 ? "one" : unkept, columns, unkept == 1 ? "is" : "are")
                    + " header, so no table keeps them");
        }
        return note.toString();
    }

    private static String are(long count, String plural, String singular) {
        return count == 1 ? "1 is " + singular : "%,d are %s".formatted(count, plural);
    }
}
