package io.tablequery.engine.ingest.report;

import io.tablequery.engine.catalog.ColumnInfo;
import io.tablequery.engine.catalog.ColumnType;
import io.tablequery.engine.ingest.IngestedSheet;
import io.tablequery.engine.ingest.IngestedTable;
import io.tablequery.engine.ingest.SourceFormat;
import io.tablequery.engine.ingest.TablePart;
import io.tablequery.engine.ingest.TableRole;
import io.tablequery.engine.ingest.values.CoercionReport;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.StringJoiner;
import java.util.stream.Collectors;

/**
 * Writes a table's generated description: where it comes from, its size and columns, and the facts an analyst
 * should know before aggregating (title, header rows, total rows, hidden sheet, coerced cells).
 */
public final class TableDescriber {
    private static final int MAX_LISTED_COLUMNS = 30;

    private TableDescriber() {}

    /**
     * Describes a table.
     *
     * @param fileRef the file reference, for example {@code F2}
     * @param fileName the uploaded file name
     * @param format the file's format
     * @param sheet the sheet it came from
     * @param table the table, one of the sheet's
     * @param names the name of each of the upload's tables
     * @return one paragraph of plain text
     */
    public static String describe(
            String fileRef,
            String fileName,
            SourceFormat format,
            IngestedSheet sheet,
            IngestedTable table,
            Map<TablePart, String> names) {
        StringBuilder text = new StringBuilder();
        if (table.role() == TableRole.TOTALS) {
            text.append("Total rows of table '%s', moved out of it so that its sums count each row once: "
                    .formatted(names.get(new TablePart(sheet.number(), table.dataPart()))));
        }
        if (table.role() == TableRole.LONG) {
            String of = names.get(new TablePart(sheet.number(), table.dataPart()));
            List<String> numbers = crosstabColumns(table, false);
            text.append(
                    numbers.size() == 1
                            ? ("The long form of the crosstab of table '%s', one row for each of its rows and columns"
                                            + " of numbers, the header rows' labels in %s and the number in %s: ")
                                    .formatted(of, labelColumns(table), numbers.get(0))
                            : ("The long form of the crosstab of table '%s', one row for each of its rows and"
                                            + " combination of the labels in %s, with a column for each measure (%s):"
                                            + " ")
                                    .formatted(of, labelColumns(table), String.join(", ", numbers)));
        }
        if (format == SourceFormat.CSV) {
            text.append("From '%s' (%s)".formatted(fileName, fileRef));
        } else if (format == SourceFormat.SQLITE) {
            text.append(
                    "Table '%s' of database '%s' (%sS%d)".formatted(sheet.name(), fileName, fileRef, sheet.number()));
        } else {
            text.append("Sheet '%s' of '%s' (%sS%d%s)"
                    .formatted(
                            sheet.name(), fileName, fileRef, sheet.number(), sheet.hidden() ? ", a hidden sheet" : ""));
        }
        long tablesInSheet =
                sheet.tables().stream().filter(t -> t.role() == TableRole.DATA).count();
        if (tablesInSheet > 1 && table.role() == TableRole.DATA) {
            long position = sheet.tables().stream()
                            .filter(t -> t.role() == TableRole.DATA && t.part() < table.part())
                            .count()
                    + 1;
            text.append(", table %d of the %d stacked in the sheet".formatted(position, tablesInSheet));
        }
        text.append(": %s x %d columns: "
                .formatted(
                        table.rowCount() == 1 ? "1 row" : "%,d rows".formatted(table.rowCount()),
                        table.columns().size()));
        StringJoiner columns = new StringJoiner(", ");
        List<ColumnInfo> listed = table.columns()
                .subList(0, Math.min(MAX_LISTED_COLUMNS, table.columns().size()));
        listed.forEach(c -> columns.add(c.name() + " (" + c.type().name().toLowerCase(Locale.ROOT) + ")"));
        text.append(columns);
        if (listed.size() < table.columns().size()) {
            text.append(", and %d more".formatted(table.columns().size() - listed.size()));
        }
        text.append('.');
        if (!table.titles().isEmpty()) {
            text.append(" Title: '%s'.".formatted(String.join(" / ", table.titles())));
        }
        if (table.headerRows().size() > 1) {
            text.append(" Header in rows %d-%d."
                    .formatted(
                            table.headerRows().get(0),
                            table.headerRows().get(table.headerRows().size() - 1)));
        }
        if (table.firstDataRow() > 0) {
            text.append(
                    table.firstDataRow() == table.lastDataRow()
                            ? " Data in row %d.".formatted(table.firstDataRow())
                            : " Data in rows %d-%d.".formatted(table.firstDataRow(), table.lastDataRow()));
        }
        if (table.role() == TableRole.DATA && !table.movedTotalRows().isEmpty()) {
            String totals = sheet.totalsOf(table)
                    .map(t -> names.get(new TablePart(sheet.number(), t.part())))
                    .orElse("");
            text.append(" %s %s of the rows above and %s in table '%s'; this table holds data rows only."
                    .formatted(
                            rows(table.movedTotalRows()),
                            table.movedTotalRows().size() == 1 ? "is a total" : "are totals",
                            table.movedTotalRows().size() == 1 ? "is" : "are",
                            totals));
        }
        if (!table.totalRows().isEmpty()) {
            boolean one = table.totalRows().size() == 1;
            text.append(" %s %s like %s, but %s numbers do not add up to the rows above (or could not be checked);"
                            .formatted(
                                    rows(table.totalRows()),
                                    one ? "reads" : "read",
                                    one ? "a total row" : "total rows",
                                    one ? "its" : "their")
                    + " kept as data: leave %s out when aggregating if %s."
                            .formatted(one ? "it" : "them", one ? "it is one" : "they are totals"));
        }
        if (table.crosstab() != null) {
            text.append(' ').append(table.crosstab());
        }
        if (table.role() == TableRole.DATA) {
            sheet.longFormOf(table).ifPresent(longForm -> {
                String name = names.get(new TablePart(sheet.number(), longForm.part()));
                List<String> numbers = crosstabColumns(longForm, false);
                text.append((" Its long form '%s' holds one row per row and combination, the labels in %s%s, to total"
                                + " by them with one GROUP BY.")
                        .formatted(
                                name,
                                labelColumns(longForm),
                                numbers.size() == 1
                                        ? ""
                                        : ", a column for each measure (%s)".formatted(String.join(", ", numbers))));
            });
        }
        if (!table.layoutWarnings().isEmpty()) {
            text.append(" Layout uncertain: %s; look at its rows before trusting an aggregate."
                    .formatted(String.join("; ", table.layoutWarnings())));
        }
        long coerced =
                table.coercions().stream().mapToLong(CoercionReport::count).sum();
        if (coerced > 0) {
            text.append(" %,d cells were converted on the way in (see the file's ingest report).".formatted(coerced));
        }
        return text.toString();
    }

    /** A long form's label columns: the text of the header rows, from the span of the crosstab's columns. */
    private static String labelColumns(IngestedTable longForm) {
        return String.join(", ", crosstabColumns(longForm, true));
    }

    /**
     * A long form's columns that come from the span of the crosstab's columns, as its last column does: its labels
     * (text), or its numbers (the value, or a column for each measure).
     */
    private static List<String> crosstabColumns(IngestedTable longForm, boolean labels) {
        List<ColumnInfo> columns = longForm.columns();
        String span = columns.get(columns.size() - 1).source();
        return columns.stream()
                .filter(c -> c.source().equals(span) && (c.type() == ColumnType.TEXT) == labels)
                .map(ColumnInfo::name)
                .toList();
    }

    private static String rows(List<Long> rows) {
        return (rows.size() == 1 ? "Row " : "Rows ")
                + rows.stream().map(String::valueOf).collect(Collectors.joining(", "));
    }
}
