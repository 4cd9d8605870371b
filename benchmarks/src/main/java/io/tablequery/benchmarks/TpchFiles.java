package io.tablequery.benchmarks;

import de.siegmar.fastcsv.writer.CsvWriter;
import io.trino.tpch.TpchColumn;
import io.trino.tpch.TpchEntity;
import io.trino.tpch.TpchTable;
import java.io.IOException;
import java.io.OutputStream;
import java.io.Writer;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.apache.poi.ss.usermodel.Row;
import org.apache.poi.ss.usermodel.Sheet;
import org.apache.poi.xssf.streaming.SXSSFWorkbook;

/**
 * Writes TPC-H data from the {@code io.trino.tpch} generator as the files a user would upload: the small tables
 * (nation, region, supplier) as sheets of one workbook {@code tpch.xlsx}, the others as {@code tpch_<table>.csv}.
 * Either way the tables are named {@code tpch_<table>}. Decimals are written in plain notation, dates as ISO text.
 */
final class TpchFiles {
    /** The tables written as sheets of the workbook rather than as CSV files. */
    static final Set<String> WORKBOOK_TABLES = Set.of("nation", "region", "supplier");

    /** The prefix every table name gets: {@code tpch.xlsx} names its sheets' tables so, and the CSVs follow. */
    static final String PREFIX = "tpch_";

    private TpchFiles() {}

    /** Writes the files of a scale factor into a directory of their own, unless they are there; returns them. */
    static List<Path> write(Path data, double scale) throws IOException {
        Path directory = data.resolve("tpch-files-sf" + String.format(Locale.ROOT, "%s", scale));
        List<Path> files = new ArrayList<>();
        Path done = directory.resolve(".complete");
        List<TpchTable<?>> csvTables = new ArrayList<>();
        for (TpchTable<?> table : TpchTable.getTables()) {
            if (!WORKBOOK_TABLES.contains(table.getTableName())) {
                csvTables.add(table);
            }
        }
        files.add(directory.resolve("tpch.xlsx"));
        csvTables.forEach(table -> files.add(directory.resolve(PREFIX + table.getTableName() + ".csv")));
        if (Files.exists(done)) {
            return files;
        }
        Files.createDirectories(directory);
        writeWorkbook(files.get(0), scale);
        for (int i = 0; i < csvTables.size(); i++) {
            writeCsv(files.get(i + 1), csvTables.get(i), scale);
        }
        Files.writeString(done, "");
        return files;
    }

    private static void writeWorkbook(Path file, double scale) throws IOException {
        try (SXSSFWorkbook workbook = new SXSSFWorkbook(null, 200, true, true);
                OutputStream out = Files.newOutputStream(file)) {
            for (TpchTable<?> table : TpchTable.getTables()) {
                if (WORKBOOK_TABLES.contains(table.getTableName())) {
                    writeSheet(workbook.createSheet(table.getTableName()), table, scale);
                }
            }
            workbook.write(out);
            workbook.dispose();
        }
    }

    private static <E extends TpchEntity> void writeSheet(Sheet sheet, TpchTable<E> table, double scale) {
        List<TpchColumn<E>> columns = table.getColumns();
        Row header = sheet.createRow(0);
        for (int c = 0; c < columns.size(); c++) {
            header.createCell(c).setCellValue(columns.get(c).getColumnName());
        }
        int r = 1;
        for (E entity : table.createGenerator(scale, 1, 1)) {
            Row row = sheet.createRow(r++);
            for (int c = 0; c < columns.size(); c++) {
                TpchColumn<E> column = columns.get(c);
                switch (column.getType().getBase()) {
                    case INTEGER -> row.createCell(c).setCellValue(column.getInteger(entity));
                    case IDENTIFIER -> row.createCell(c).setCellValue(column.getIdentifier(entity));
                    case DOUBLE -> row.createCell(c).setCellValue(column.getDouble(entity));
                    default -> row.createCell(c).setCellValue(text(column, entity));
                }
            }
        }
    }

    private static <E extends TpchEntity> void writeCsv(Path file, TpchTable<E> table, double scale)
            throws IOException {
        List<TpchColumn<E>> columns = table.getColumns();
        try (Writer out = Files.newBufferedWriter(file);
                CsvWriter csv = CsvWriter.builder().build(out)) {
            String[] fields = new String[columns.size()];
            for (int c = 0; c < columns.size(); c++) {
                fields[c] = columns.get(c).getColumnName();
            }
            csv.writeRecord(fields);
            for (E entity : table.createGenerator(scale, 1, 1)) {
                for (int c = 0; c < columns.size(); c++) {
                    fields[c] = text(columns.get(c), entity);
                }
                csv.writeRecord(fields);
            }
        }
    }

    private static <E extends TpchEntity> String text(TpchColumn<E> column, E entity) {
        return switch (column.getType().getBase()) {
            case INTEGER -> Long.toString(column.getInteger(entity));
            case IDENTIFIER -> Long.toString(column.getIdentifier(entity));
            case DOUBLE -> BigDecimal.valueOf(column.getDouble(entity)).toPlainString();
            case DATE -> LocalDate.ofEpochDay(column.getDate(entity)).toString();
            default -> column.getString(entity);
        };
    }
}
