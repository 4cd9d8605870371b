package io.tablequery.engine.browse;

import io.tablequery.engine.catalog.FileRefs;
import io.tablequery.engine.catalog.FileVersion;
import io.tablequery.engine.catalog.StoredValues;
import io.tablequery.engine.error.EngineException;
import io.tablequery.engine.ingest.CellAddress;
import io.tablequery.engine.ingest.CellKind;
import io.tablequery.engine.ingest.CellRange;
import io.tablequery.engine.ingest.DisplayFormat;
import io.tablequery.engine.ingest.IngestErrorCode;
import io.tablequery.engine.ingest.IngestSettings;
import io.tablequery.engine.ingest.RawRow;
import io.tablequery.engine.ingest.ReadAgain;
import io.tablequery.engine.ingest.ReadProgress;
import io.tablequery.engine.ingest.RowSink;
import io.tablequery.engine.ingest.SheetSource;
import io.tablequery.engine.ingest.SourceFormat;
import io.tablequery.engine.ingest.SourceKind;
import io.tablequery.engine.ingest.SourceReader;
import io.tablequery.engine.ingest.SourceReaders;
import io.tablequery.engine.ingest.values.CellClassifier;
import io.tablequery.engine.ingest.values.CellValue;
import io.tablequery.engine.ingest.values.ValueClass;
import io.tablequery.engine.ingest.values.ValueText;
import io.tablequery.engine.workspace.Workspace;
import java.io.IOException;
import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.apache.poi.ss.usermodel.DataFormatter;

/**
 * Reads the cells of rows of one sheet of an uploaded file, current or superseded, from the bytes that were uploaded:
 * what a citation such as {@code F1S2R17} points at, shown as the person saw it. The file is read with the ingest
 * readers, streaming; only the rows asked for are kept, and merged ranges (which spreadsheet files list after the
 * cells) are read to the end of the sheet.
 */
public final class SourceCellsReader {
    /** The most columns a row shows; cells further right are left out and said to be. */
    public static final int MAX_COLUMNS = 200;

    private static final MathContext EXCEL_DIGITS = new MathContext(15, RoundingMode.HALF_EVEN);

    /** The most characters a cell shows. */
    public static final int MAX_CELL_CHARS = 2000;

    private SourceCellsReader() {}

    /**
     * Reads rows of a sheet.
     *
     * @param workspace the workspace
     * @param fileNumber the file's F-number, current or superseded
     * @param sheetNumber the sheet's number in the file, from 1
     * @param rows the rows to show
     * @return the cells
     * @throws EngineException FILE_NOT_FOUND, FILE_CONTENT_DROPPED, SHEET_NOT_FOUND, or the reader's error for a file
     *     that can no longer be read
     */
    public static SourceCells read(Workspace workspace, int fileNumber, int sheetNumber, RowRanges rows) {
        FileVersion version = workspace.fileVersion(fileNumber);
        Path content = workspace.fileContent(version);
        String name = version.file().name();
        Collector collector = null;
        try {
            SourceReader reader = SourceReaders.of(SourceFormat.detect(content, name), IngestSettings.DEFAULTS);
            // A reader that finds its first reading wrong reads the file again its new way, as the upload did.
            for (int pass = 1; collector == null; pass++) {
                Collector reading = new Collector(rows);
                try {
                    reader.read(
                            content,
                            name,
                            sheet -> sheet.number() == sheetNumber ? reading.begin(sheet) : null,
                            ReadProgress.NONE);
                    collector = reading;
                } catch (ReadAgain again) {
                    if (pass > 1) {
                        throw new EngineException(
                                IngestErrorCode.SOURCE_NOT_READABLE,
                                "%s (%s) read differently each time; please report this file"
                                        .formatted(FileRefs.format(fileNumber), name),
                                again);
                    }
                }
            }
        } catch (IOException e) {
            throw new EngineException(
                    IngestErrorCode.SOURCE_NOT_READABLE,
                    "could not read %s (%s) again: %s".formatted(FileRefs.format(fileNumber), name, e.getMessage()),
                    e);
        }
        if (collector.sheet == null) {
            throw new EngineException(
                    BrowseErrorCode.SHEET_NOT_FOUND,
                    "%s (%s) has no sheet %d; its sheets are numbered from 1 in the order the file lists them"
                            .formatted(FileRefs.format(fileNumber), name, sheetNumber));
        }
        return new SourceCells(
                FileRefs.format(fileNumber),
                name,
                sheetNumber,
                collector.sheet.name(),
                collector.found,
                collector.merges,
                collector.columns,
                collector.cutColumns);
    }

    /** Keeps the rows asked for of the one sheet read. */
    private static final class Collector implements RowSink {
        private final RowRanges rows;
        private final List<SourceCells.Row> found = new ArrayList<>();
        private final List<String> merges = new ArrayList<>();
        private final CellValue value = new CellValue();
        private final DataFormatter formatter = new DataFormatter(Locale.US);
        private SheetSource sheet;
        private CellClassifier classifier;
        private int columns;
        private boolean cutColumns;

        Collector(RowRanges rows) {
            this.rows = rows;
        }

        RowSink begin(SheetSource source) {
            sheet = source;
            classifier = new CellClassifier(source.kind(), source.date1904());
            return this;
        }

        @Override
        public void row(RawRow row) {
            if (!rows.contains(row.rowNumber())) {
                return;
            }
            List<SourceCells.Cell> cells = new ArrayList<>();
            for (int c = 0; c < row.width(); c++) {
                if (row.kind(c) == CellKind.BLANK) {
                    continue;
                }
                if (c >= MAX_COLUMNS) {
                    cutColumns = true;
                    break;
                }
                cells.add(cell(row, c));
                columns = Math.max(columns, c + 1);
            }
            if (!cells.isEmpty()) {
                found.add(new SourceCells.Row(row.rowNumber(), cells));
            }
        }

        @Override
        public void end(List<CellRange> mergedRegions) {
            for (CellRange merge : mergedRegions) {
                boolean touches = rows.ranges().stream()
                        .anyMatch(range -> merge.firstRow() <= range.last() && merge.lastRow() >= range.first());
                if (touches && merge.firstColumn() < MAX_COLUMNS) {
                    merges.add(reference(merge));
                }
            }
        }

        private SourceCells.Cell cell(RawRow row, int column) {
            classifier.classify(row, column, false, value);
            // An elapsed time is shown as [h]:mm:ss and held as its seconds.
            String held = !value.has(CellValue.ELAPSED)
                    ? ValueText.render(value)
                    : value.cls() == ValueClass.INT
                            ? Long.toString(value.longValue())
                            : StoredValues.numberText(value.doubleValue());
            String text = displayed(row, column);
            if (text == null) {
                text = value.cls() == ValueClass.REAL && value.text() == null && sheet.kind() != SourceKind.DATABASE
                        ? shown(value.doubleValue())
                        : held;
            }
            String shown = cut(text == null ? "" : text);
            String stored = held == null || held.equals(text) ? null : cut(held);
            // A database table's rows are numbered by rowid, which may be 0 or below: no spreadsheet address has it.
            String address = row.rowNumber() >= 1
                    ? new CellAddress(row.rowNumber(), column).toString()
                    : CellAddress.columnLetters(column) + row.rowNumber();
            return new SourceCells.Cell(column, address, shown, stored, kind(value));
        }

        /**
         * A spreadsheet number as its number format displays it, as Excel shows it in a column wide enough: null for a
         * number without a format (CSV, database) or one POI cannot format.
         */
        private String displayed(RawRow row, int column) {
            DisplayFormat format = row.displayFormat(column);
            if (format == null) {
                return null;
            }
            try {
                return formatter
                        .formatRawCellContents(row.number(column), format.index(), format.code(), sheet.date1904())
                        .strip();
            } catch (RuntimeException e) {
                // POI throws on format codes it does not parse; the plain value is shown instead.
                return null;
            }
        }

        private static String cut(String text) {
            return text.length() > MAX_CELL_CHARS ? text.substring(0, MAX_CELL_CHARS) + ".." : text;
        }

        /** A spreadsheet number as Excel shows it at most: 15 significant digits ({@code 26260.3}, not {@code ...003}). */
        private static String shown(double number) {
            if (!Double.isFinite(number)) {
                return Double.toString(number);
            }
            return new BigDecimal(number)
                    .round(EXCEL_DIGITS)
                    .stripTrailingZeros()
                    .toPlainString();
        }

        private static String kind(CellValue value) {
            return switch (value.cls()) {
                case INT, REAL -> "number";
                case DATE, DATETIME, TIME -> "date";
                case BOOL -> "boolean";
                case ERROR -> "error";
                case UNCACHED -> "formula";
                case BLOB -> "blob";
                case TEXT, NULL, NULL_MARKER -> "text";
            };
        }

        private static String reference(CellRange range) {
            return new CellAddress(range.firstRow(), range.firstColumn()) + ":"
                    + new CellAddress(range.lastRow(), range.lastColumn());
        }
    }
}
