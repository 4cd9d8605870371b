package io.tablequery.engine.ingest.report;

import io.tablequery.engine.ingest.IngestedFile;
import io.tablequery.engine.ingest.IngestedSheet;
import io.tablequery.engine.ingest.IngestedTable;
import io.tablequery.engine.ingest.TablePart;
import io.tablequery.engine.ingest.values.CoercionReport;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * What happened to an uploaded file on its way into tables: the format found, each sheet's layout and table, and
 * every coercion, so nothing changes silently. It is kept with the file in the catalog.
 *
 * @param file the file reference, for example {@code F3}
 * @param fileName the uploaded name
 * @param format the detected format
 * @param encoding the detected encoding (CSV), or null
 * @param delimiter the detected delimiter (CSV), or null
 * @param sheets every sheet
 * @param notes notes on the file as a whole
 * @param records where each record of a delimited file went, else null
 */
public record IngestReport(
        String file,
        String fileName,
        String format,
        String encoding,
        String delimiter,
        List<SheetReport> sheets,
        List<String> notes,
        RecordLedger records) {
    /**
     * Builds the report of a committed upload.
     *
     * @param fileRef the file reference
     * @param fileName the uploaded name
     * @param ingested the ingest result
     * @param tableNames the name given to each table, by sheet and part
     * @return the report
     */
    public static IngestReport of(
            String fileRef, String fileName, IngestedFile ingested, Map<TablePart, String> tableNames) {
        List<SheetReport> sheets = new ArrayList<>();
        for (IngestedSheet sheet : ingested.sheets()) {
            if (sheet.tables().isEmpty()) {
                sheets.add(SheetReport.withoutTable(sheet.number(), sheet.name(), sheet.hidden(), sheet.status()));
            }
            for (IngestedTable table : sheet.tables()) {
                sheets.add(tableReport(sheet, table, tableNames));
            }
        }
        RecordLedger records = ingested.details().records() == null
                ? null
                : RecordLedger.of(ingested.details().records(), ingested.sheets());
        List<String> notes = new ArrayList<>(ingested.details().notes());
        if (records != null) {
            notes.add(records.note());
        }
        return new IngestReport(
                fileRef,
                fileName,
                ingested.format().label(),
                ingested.details().encoding(),
                ingested.details().delimiter(),
                sheets,
                notes,
                records);
    }

    /**
     * Counts the cells changed on the way in, over all sheets.
     *
     * @return the number of coerced cells
     */
    public long coercedCells() {
        return sheets.stream()
                .flatMap(sheet -> sheet.coercions().stream())
                .mapToLong(CoercionReport::count)
                .sum();
    }

    private static SheetReport tableReport(
            IngestedSheet sheet, IngestedTable table, Map<TablePart, String> tableNames) {
        String totalsTable = sheet.totalsOf(table)
                .map(t -> tableNames.get(new TablePart(sheet.number(), t.part())))
                .orElse(null);
        return new SheetReport(
                sheet.number(),
                sheet.name(),
                sheet.hidden(),
                sheet.status(),
                tableNames.get(new TablePart(sheet.number(), table.part())),
                table.role().name().toLowerCase(Locale.ROOT),
                table.rowCount(),
                table.titleRows(),
                table.titles(),
                table.headerRows(),
                table.firstDataRow() < 0 ? null : table.firstDataRow(),
                table.lastDataRow() < 0 ? null : table.lastDataRow(),
                table.totalRows(),
                table.movedTotalRows(),
                totalsTable,
                table.layoutWarnings(),
                table.notes(),
                table.coercions());
    }
}
