package io.tablequery.engine.ingest.excel;

import io.tablequery.engine.error.EngineException;
import io.tablequery.engine.ingest.CellRange;
import io.tablequery.engine.ingest.DisplayFormat;
import io.tablequery.engine.ingest.IngestErrorCode;
import io.tablequery.engine.ingest.NumberFormatKind;
import io.tablequery.engine.ingest.RawRow;
import io.tablequery.engine.ingest.ReadProgress;
import io.tablequery.engine.ingest.RowSink;
import io.tablequery.engine.ingest.SheetSource;
import io.tablequery.engine.ingest.SheetVisitor;
import io.tablequery.engine.ingest.SourceDetails;
import io.tablequery.engine.ingest.SourceKind;
import io.tablequery.engine.ingest.SourceReader;
import io.tablequery.engine.ingest.values.ExcelDates;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.Set;
import java.util.TreeMap;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;

/**
 * Reads OpenDocument spreadsheets ({@code .ods}, LibreOffice's and Google Sheets' export) by streaming their
 * {@code content.xml} with the same guarded parser as {@code .xlsx} parts, row by row: each cell's value by its
 * {@code office:value-type} (numbers, percentages and currencies as numbers, dates and times as the serial numbers
 * Excel would store, booleans, text from its paragraphs), repeated rows and cells expanded where they hold values,
 * spanned cells as merged ranges, and hidden sheets by their table style. No library on Maven Central reads ODS as a
 * stream (ODF Toolkit and SODS hold the whole document in memory), so this reader does, in bounded memory.
 */
public final class OdsSourceReader implements SourceReader {
    /** The most times a row or cell holding values is repeated: a sheet is at most 1,048,576 by 16,384. */
    private static final int MAX_ROW_REPEAT = 1 << 20;

    private static final int MAX_COLUMNS = 16_384;

    /** The most cells repetition may add to those a file writes out. */
    private static final long MAX_EXPANDED_CELLS = 10_000_000;

    private static final DisplayFormat PERCENT = new DisplayFormat(9, "0%", NumberFormatKind.PERCENT);
    private static final DisplayFormat DATE = new DisplayFormat(-1, "yyyy-mm-dd", NumberFormatKind.DATE);
    private static final DisplayFormat DATETIME =
            new DisplayFormat(-1, "yyyy-mm-dd hh:mm:ss", NumberFormatKind.DATETIME);
    private static final DisplayFormat TIME = new DisplayFormat(-1, "hh:mm:ss", NumberFormatKind.TIME);
    private static final DisplayFormat DURATION = new DisplayFormat(-1, "[h]:mm:ss", NumberFormatKind.DURATION);

    @Override
    public SourceDetails read(Path file, String displayName, SheetVisitor visitor, ReadProgress progress)
            throws IOException {
        XlsxSourceReader.refuseTooManyParts(file, displayName);
        try (ZipFile zip = new ZipFile(file.toFile())) {
            refuseEncrypted(zip, displayName);
            ZipEntry content = zip.getEntry("content.xml");
            if (content == null) {
                throw new EngineException(
                        IngestErrorCode.CORRUPT_FILE,
                        "'%s' is an OpenDocument file without content.xml; open it in LibreOffice and save it again"
                                .formatted(displayName));
            }
            try (InputStream in = zip.getInputStream(content)) {
                new Parser(in, displayName, visitor).parse();
            }
            return SourceDetails.NONE;
        } catch (IOException e) {
            throw XlsxSourceReader.ioFailure(displayName, e);
        } catch (XMLStreamException | IllegalArgumentException e) {
            throw XlsxSourceReader.damaged(displayName, e);
        }
    }

    /** An encrypted document names its encryption in the manifest; its content.xml is not XML. */
    private static void refuseEncrypted(ZipFile zip, String displayName) throws IOException {
        ZipEntry manifest = zip.getEntry("META-INF/manifest.xml");
        if (manifest == null || manifest.getSize() > 1 << 20) {
            return;
        }
        try (InputStream in = zip.getInputStream(manifest)) {
            String text = new String(in.readNBytes(1 << 20), StandardCharsets.UTF_8);
            if (text.contains("encryption-data")) {
                throw new EngineException(
                        IngestErrorCode.ENCRYPTED_FILE,
                        ("'%s' is password-protected; open it in LibreOffice, remove the password (File > Properties"
                                        + " > Security), save, and upload it again")
                                .formatted(displayName));
            }
        }
    }

    /** Follows content.xml: the hidden table styles first, then each table's rows. */
    private static final class Parser {
        private final String fileName;
        private final SheetVisitor visitor;
        private final InflationGuard guard;
        private final XMLStreamReader xml;
        private final Set<String> hiddenStyles = new HashSet<>();
        private final RawRow row = new RawRow();
        private final RawRow repeated = new RawRow();
        private long expanded;
        private final StringBuilder text = new StringBuilder();
        private String part = "content.xml";
        private int sheets;
        private RowSink sink;
        private List<CellRange> merges;
        private long rowNumber;
        private int rowRepeat;
        private int column;
        private boolean rowHasValues;
        private String styleName;
        /** The data styles of elapsed times ({@code [HH]:MM:SS}: a time style that does not wrap at 24 hours). */
        private final Set<String> elapsedDataStyles = new HashSet<>();

        private final Map<String, String> dataStyleOfCellStyle = new HashMap<>();
        /** Each run of columns' default cell style, by its first column; null where a run has none. */
        private final NavigableMap<Integer, String> columnStyles = new TreeMap<>();

        private int columnsDeclared;

        Parser(InputStream in, String fileName, SheetVisitor visitor) throws XMLStreamException {
            this.fileName = fileName;
            this.visitor = visitor;
            this.guard = new InflationGuard(in, fileName, part);
            this.xml = Stax.reader(guard.stream(), fileName, part);
        }

        void parse() throws XMLStreamException {
            try {
                while (xml.hasNext()) {
                    int event = xml.next();
                    guard.check();
                    if (event == XMLStreamConstants.START_ELEMENT) {
                        Stax.checkDepth(xml, fileName, part);
                        start();
                    } else if (event == XMLStreamConstants.END_ELEMENT) {
                        end();
                    }
                }
            } finally {
                xml.close();
            }
        }

        private void start() throws XMLStreamException {
            switch (xml.getLocalName()) {
                case "style" -> {
                    styleName = Stax.attribute(xml, "name");
                    String dataStyle = Stax.attribute(xml, "data-style-name");
                    if (styleName != null && dataStyle != null) {
                        dataStyleOfCellStyle.put(styleName, dataStyle);
                    }
                }
                case "time-style" -> {
                    if ("false".equals(Stax.attribute(xml, "truncate-on-overflow"))) {
                        elapsedDataStyles.add(String.valueOf(Stax.attribute(xml, "name")));
                    }
                }
                case "table-column" -> {
                    columnStyles.put(columnsDeclared, Stax.attribute(xml, "default-cell-style-name"));
                    columnsDeclared += repeat("number-columns-repeated", MAX_COLUMNS);
                }
                case "table-properties" -> {
                    if ("false".equals(Stax.attribute(xml, "display")) && styleName != null) {
                        hiddenStyles.add(styleName);
                    }
                }
                case "table" -> startTable();
                case "table-row" -> startRow();
                case "table-cell", "covered-table-cell" ->
                    cell(xml.getLocalName().equals("table-cell"));
                default -> {}
            }
        }

        private void end() {
            switch (xml.getLocalName()) {
                case "table-row" -> endRow();
                case "table" -> {
                    if (sink != null) {
                        sink.end(merges);
                        sink = null;
                    }
                }
                default -> {}
            }
        }

        private void startTable() {
            String name = String.valueOf(Stax.attribute(xml, "name"));
            part = "sheet '" + name + "'";
            boolean hidden = hiddenStyles.contains(Stax.attribute(xml, "style-name"));
            sink = visitor.beginSheet(new SheetSource(++sheets, name, hidden, SourceKind.SPREADSHEET, false));
            merges = new ArrayList<>();
            rowNumber = 0;
            columnStyles.clear();
            columnsDeclared = 0;
        }

        private void startRow() {
            rowRepeat = repeat("number-rows-repeated", MAX_ROW_REPEAT);
            row.reset(rowNumber + 1);
            column = 0;
            rowHasValues = false;
        }

        private void endRow() {
            if (sink != null && rowHasValues) {
                sink.row(row);
                guard.yielded();
                if (rowRepeat > 1) {
                    expanded((long) (rowRepeat - 1) * row.nonBlankCount());
                    for (int i = 1; i < rowRepeat; i++) {
                        repeated.reset(rowNumber + 1 + i);
                        for (int c = 0; c < row.width(); c++) {
                            repeated.copyCell(c, row, c);
                        }
                        sink.row(repeated);
                    }
                }
            }
            rowNumber += rowRepeat;
        }

        /**
         * Counts cells made by repeating others, which the bytes do not bound: a few bytes repeating a row of values a
         * million times would make billions of cells.
         */
        private void expanded(long cells) {
            expanded += cells;
            if (expanded > MAX_EXPANDED_CELLS) {
                throw new EngineException(
                        IngestErrorCode.ZIP_BOMB,
                        ("'%s' repeats its rows and cells into more than %,d cells beyond those it writes out (in %s),"
                                        + " as bombs do; it was not read further")
                                .formatted(fileName, MAX_EXPANDED_CELLS, part));
            }
        }

        /** One cell, or a run of repeated ones; a covered cell (under a span) holds nothing but takes its column. */
        private void cell(boolean real) throws XMLStreamException {
            int repeat = repeat("number-columns-repeated", MAX_COLUMNS);
            if (!real || sink == null) {
                column += repeat;
                return;
            }
            int spannedColumns = repeat("number-columns-spanned", MAX_COLUMNS);
            int spannedRows = repeat("number-rows-spanned", MAX_ROW_REPEAT);
            String type = Stax.attribute(xml, "value-type");
            String value = Stax.attribute(xml, "value");
            String date = Stax.attribute(xml, "date-value");
            String time = Stax.attribute(xml, "time-value");
            String bool = Stax.attribute(xml, "boolean-value");
            String cellStyle = Stax.attribute(xml, "style-name");
            boolean elapsed = isElapsed(cellStyle != null ? cellStyle : columnStyle(column));
            String shown = paragraphs();
            boolean holds = type != null || !shown.isEmpty();
            if (holds && column < MAX_COLUMNS) {
                int last = Math.min(column + repeat, MAX_COLUMNS);
                expanded(last - column - 1L);
                for (int c = column; c < last; c++) {
                    set(c, type, value, date, time, bool, shown, elapsed);
                    guard.yielded();
                }
                rowHasValues = true;
            }
            if (holds && (spannedColumns > 1 || spannedRows > 1)) {
                merges.add(new CellRange(rowNumber + 1, rowNumber + spannedRows, column, column + spannedColumns - 1));
            }
            column += repeat;
        }

        private void set(
                int c,
                String type,
                String value,
                String date,
                String time,
                String bool,
                String shown,
                boolean elapsed) {
            String kind = type == null ? "string" : type;
            switch (kind) {
                case "float", "currency" -> number(c, value, DisplayFormat.GENERAL, shown);
                case "percentage" -> number(c, value, PERCENT, shown);
                case "date" -> {
                    Double serial = date == null ? null : ExcelDates.serialOfIso(date, false);
                    if (serial == null) {
                        row.setText(c, shown);
                    } else {
                        row.setNumber(c, serial, serial == Math.floor(serial) ? DATE : DATETIME);
                    }
                }
                case "time" -> {
                    Double days = days(time);
                    if (days == null) {
                        row.setText(c, shown);
                    } else {
                        row.setNumber(c, days, elapsed || days >= 1 ? DURATION : TIME);
                    }
                }
                case "boolean" -> {
                    if (bool == null) {
                        row.setText(c, shown);
                    } else {
                        row.setBoolean(c, bool.equalsIgnoreCase("true"));
                    }
                }
                default -> row.setText(c, shown);
            }
        }

        /** The default cell style of the run of columns a column is in, or null. */
        private String columnStyle(int column) {
            Map.Entry<Integer, String> run = columnStyles.floorEntry(column);
            return run == null ? null : run.getValue();
        }

        /** Whether a cell style shows elapsed time ({@code [HH]:MM:SS}), so a time under a day is a duration too. */
        private boolean isElapsed(String cellStyle) {
            return cellStyle != null && elapsedDataStyles.contains(dataStyleOfCellStyle.get(cellStyle));
        }

        private void number(int c, String value, DisplayFormat format, String shown) {
            try {
                row.setNumber(c, Double.parseDouble(value), format);
            } catch (NumberFormatException | NullPointerException e) {
                row.setText(c, shown);
            }
        }

        /** An ISO 8601 duration such as {@code PT10H10M10.5S} as a fraction of a day, or null. */
        private static Double days(String time) {
            if (time == null) {
                return null;
            }
            try {
                Duration duration = Duration.parse(time);
                return duration.toNanos() / 86_400e9;
            } catch (DateTimeParseException | ArithmeticException e) {
                return null;
            }
        }

        /**
         * The cell's paragraphs up to its end tag, joined by line breaks, with {@code text:s} spaces, tabs and line
         * breaks as they show; annotations (comments) are left out.
         */
        private String paragraphs() throws XMLStreamException {
            text.setLength(0);
            int depth = 1;
            int paragraphs = 0;
            int annotation = 0;
            while (depth > 0 && xml.hasNext()) {
                int event = xml.next();
                if (event == XMLStreamConstants.START_ELEMENT) {
                    Stax.checkDepth(xml, fileName, part);
                    depth++;
                    switch (xml.getLocalName()) {
                        case "annotation" -> annotation++;
                        case "p" -> {
                            if (annotation == 0 && paragraphs++ > 0) {
                                text.append('\n');
                            }
                        }
                        case "s" -> {
                            if (annotation == 0) {
                                text.append(" ".repeat(Math.max(1, repeat("c", 1 << 10))));
                            }
                        }
                        case "tab" -> text.append(annotation == 0 ? "\t" : "");
                        case "line-break" -> text.append(annotation == 0 ? "\n" : "");
                        default -> {}
                    }
                } else if (event == XMLStreamConstants.END_ELEMENT) {
                    depth--;
                    if (xml.getLocalName().equals("annotation")) {
                        annotation--;
                    }
                } else if ((event == XMLStreamConstants.CHARACTERS || event == XMLStreamConstants.CDATA)
                        && annotation == 0
                        && paragraphs > 0) {
                    text.append(xml.getTextCharacters(), xml.getTextStart(), xml.getTextLength());
                    TextLimits.checkCell(text.length(), fileName, () -> "a cell of " + part);
                }
            }
            return text.toString();
        }

        /** A repeat or span count attribute, 1 when absent or unreadable, at most {@code max}. */
        private int repeat(String attribute, int max) {
            String value = Stax.attribute(xml, attribute);
            if (value == null) {
                return 1;
            }
            try {
                return (int) Math.max(1, Math.min(max, Long.parseLong(value.strip())));
            } catch (NumberFormatException e) {
                return 1;
            }
        }
    }
}
