package io.tablequery.engine.ingest;

import io.tablequery.engine.catalog.ColumnInfo;
import java.util.List;
import java.util.Locale;
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
     * @return one paragraph of plain text
     */
    public static String describe(String fileRef, String fileName, SourceFormat format, IngestedSheet sheet) {
        IngestedTable table = sheet.table();
        StringBuilder text = new StringBuilder();
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
        text.append(": %,d rows x %d columns: "
                .formatted(table.rowCount(), table.columns().size()));
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
            text.append(" Data in rows %d-%d.".formatted(table.firstDataRow(), table.lastDataRow()));
        }
        if (table.totalRows().size() == 1) {
            text.append(" Row %d looks like a total row; leave it out when aggregating."
                    .formatted(table.totalRows().get(0)));
        } else if (!table.totalRows().isEmpty()) {
            text.append(" Rows %s look like total rows; leave them out when aggregating."
                    .formatted(table.totalRows().stream().map(String::valueOf).collect(Collectors.joining(", "))));
        }
        long coerced =
                table.coercions().stream().mapToLong(CoercionReport::count).sum();
        if (coerced > 0) {
            text.append(" %,d cells were converted on the way in (see the file's ingest report).".formatted(coerced));
        }
        return text.toString();
    }
}
