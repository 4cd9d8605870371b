package io.tablequery.engine.ingest.excel;

import io.tablequery.engine.error.EngineException;
import io.tablequery.engine.ingest.CellAddress;
import io.tablequery.engine.ingest.CellRange;
import io.tablequery.engine.ingest.DisplayFormat;
import io.tablequery.engine.ingest.IngestErrorCode;
import io.tablequery.engine.ingest.NumberFormatKind;
import io.tablequery.engine.ingest.RawRow;
import io.tablequery.engine.ingest.ReadProgress;
import io.tablequery.engine.ingest.RowSink;
import io.tablequery.engine.ingest.values.Decimals;
import io.tablequery.engine.ingest.values.ExcelDates;
import java.io.InputStream;
import java.nio.CharBuffer;
import java.util.ArrayList;
import java.util.List;
import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;

/**
 * Streams one worksheet part ({@code xl/worksheets/sheetN.xml}) row by row: {@code <row>}, {@code <c>} with its type
 * ({@code t}) and style ({@code s}), the cached value {@code <v>} (formulas included), inline strings, and the merged
 * regions listed after the cells. Element names are matched without their namespace prefix.
 */
final class XlsxSheetParser {
    private static final long PROGRESS_STEP = 1 << 20;
    /** How an ISO date cell under a style that is not a date's shows: as the date it was written as. */
    private static final DisplayFormat ISO_DATE = new DisplayFormat(-1, "yyyy-mm-dd", NumberFormatKind.DATE);

    private static final DisplayFormat ISO_DATETIME =
            new DisplayFormat(-1, "yyyy-mm-dd hh:mm:ss", NumberFormatKind.DATETIME);

    private final SharedStrings strings;
    private final CellFormats formats;
    private final boolean date1904;
    private InflationGuard guard;
    private final String fileName;
    private final String sheetName;
    private final String part;
    private final RawRow row = new RawRow();
    private final List<CellRange> merges = new ArrayList<>();
    private XMLStreamReader xml;
    private long rowNumber;
    private long rowChars;
    private boolean inRow;
    private int column = -1;
    private String type;
    private int style;
    private boolean hasValue;
    private boolean hasFormula;

    XlsxSheetParser(SharedStrings strings, CellFormats formats, boolean date1904, String fileName, String sheetName) {
        this.strings = strings;
        this.date1904 = date1904;
        this.formats = formats;
        this.fileName = fileName;
        this.sheetName = sheetName;
        this.part = "sheet '" + sheetName + "'";
    }

    /** Parses one worksheet part; a parser parses one part only. */
    void parse(InputStream raw, long size, RowSink sink, ReadProgress progress) throws XMLStreamException {
        guard = new InflationGuard(raw, fileName, part);
        xml = Stax.reader(guard.stream(), fileName, part);
        long nextProgress = PROGRESS_STEP;
        try {
            // The loop stays small and the work sits in methods, which keeps the JIT's compilations small.
            while (xml.hasNext()) {
                int event = xml.next();
                guard.check();
                if (event == XMLStreamConstants.START_ELEMENT) {
                    Stax.checkDepth(xml, fileName, part);
                    startElement();
                } else if (event == XMLStreamConstants.END_ELEMENT && endElement()) {
                    sink.row(row);
                    inRow = false;
                    if (guard.inflated() >= nextProgress) {
                        progress.advanced(guard.inflated(), size);
                        nextProgress = guard.inflated() + PROGRESS_STEP;
                    }
                }
            }
        } finally {
            xml.close();
        }
        sink.end(merges);
    }

    private void startElement() throws XMLStreamException {
        switch (xml.getLocalName()) {
            case "row" -> startRow();
            case "c" -> startCell();
            case "v" -> {
                if (inRow && column >= 0) {
                    hasValue = readValue(xml, row, column, type, style);
                }
            }
            case "f" -> hasFormula = true;
            case "is" -> {
                if (inRow && column >= 0) {
                    String text = inlineText(xml);
                    counted(text.length());
                    row.setText(column, OoxmlText.decode(text));
                    hasValue = true;
                }
            }
            case "mergeCell" -> addMerge(Stax.attribute(xml, "ref"));
            default -> {}
        }
    }

    /** Handles an end tag; returns true when it ends a row. */
    private boolean endElement() {
        String name = xml.getLocalName();
        if (name.equals("c")) {
            if (!hasValue && hasFormula && column >= 0) {
                row.setUncachedFormula(column);
            }
            if (hasValue || hasFormula) {
                guard.yielded();
            }
            return false;
        }
        return name.equals("row");
    }

    private void startRow() {
        String r = Stax.attribute(xml, "r");
        rowNumber = r == null ? rowNumber + 1 : parseRowNumber(r);
        row.reset(rowNumber);
        rowChars = 0;
        inRow = true;
        column = -1;
    }

    private void startCell() {
        String r = null;
        type = null;
        style = 0;
        for (int i = 0, n = xml.getAttributeCount(); i < n; i++) {
            switch (xml.getAttributeLocalName(i)) {
                case "r" -> r = xml.getAttributeValue(i);
                case "t" -> type = xml.getAttributeValue(i);
                case "s" -> style = parseInt(xml.getAttributeValue(i));
                default -> {}
            }
        }
        column = r == null ? column + 1 : CellAddress.parseColumn(r);
        if (column < 0 || column > CellAddress.MAX_COLUMN) {
            throw corrupt("cell reference '" + r + "' in row " + rowNumber);
        }
        hasValue = false;
        hasFormula = false;
    }

    private void addMerge(String ref) {
        if (ref != null) {
            try {
                merges.add(CellRange.parse(ref));
            } catch (IllegalArgumentException e) {
                // A merge Excel would reject changes no value; it is ignored.
            }
        }
    }

    /**
     * Reads a cell's {@code <v>} value up to its closing tag. Numbers and shared-string indexes are read straight from
     * the parser's buffer, without making a string of them.
     */
    private boolean readValue(XMLStreamReader xml, RawRow row, int column, String type, int style)
            throws XMLStreamException {
        StringBuilder text = null;
        char[] chars = null;
        int start = 0;
        int length = 0;
        for (int event = xml.next(); event != XMLStreamConstants.END_ELEMENT; event = xml.next()) {
            if (event == XMLStreamConstants.CHARACTERS
                    || event == XMLStreamConstants.CDATA
                    || event == XMLStreamConstants.SPACE) {
                if (chars == null && text == null) {
                    chars = xml.getTextCharacters();
                    start = xml.getTextStart();
                    length = xml.getTextLength();
                } else {
                    if (text == null) {
                        text = new StringBuilder().append(chars, start, length);
                    }
                    text.append(xml.getTextCharacters(), xml.getTextStart(), xml.getTextLength());
                    TextLimits.checkCell(text.length(), fileName, this::cellName);
                }
            } else if (event == XMLStreamConstants.START_ELEMENT) {
                Stax.checkDepth(xml, fileName, part);
            }
        }
        if (text != null) {
            chars = text.toString().toCharArray();
            start = 0;
            length = chars.length;
        }
        if (chars == null || length == 0) {
            return false;
        }
        if (type == null || type.equals("n")) {
            try {
                row.setNumber(
                        column,
                        Decimals.parseDouble(CharBuffer.wrap(chars, start, length), 0, length),
                        formats.format(style));
            } catch (NumberFormatException e) {
                counted(length);
                row.setText(column, new String(chars, start, length));
            }
            return true;
        }
        if (type.equals("s")) {
            String value = strings.get(index(chars, start, length));
            if (value == null) {
                throw corrupt("cell %s%d refers to shared string %s, which does not exist"
                        .formatted(
                                CellAddress.columnLetters(column), row.rowNumber(), new String(chars, start, length)));
            }
            row.setText(column, value);
            return true;
        }
        counted(length);
        String value = new String(chars, start, length);
        switch (type) {
            case "b" -> row.setBoolean(column, value.equals("1") || value.equalsIgnoreCase("true"));
            case "e" -> row.setError(column, value);
            case "d" -> isoDate(column, OoxmlText.decode(value));
            default -> row.setText(column, OoxmlText.decode(value));
        }
        return true;
    }

    /**
     * A cell of type {@code d}: an ISO 8601 date or date and time, read as the date serial Excel would store, shown
     * as its style says or, under a General style, as a date (with its time of day when it has one).
     */
    private void isoDate(int column, String value) {
        Double serial = ExcelDates.serialOfIso(value, date1904);
        if (serial == null) {
            row.setText(column, value);
            return;
        }
        DisplayFormat format = formats.format(style);
        NumberFormatKind kind = format.kind();
        if (kind != NumberFormatKind.DATE && kind != NumberFormatKind.DATETIME && kind != NumberFormatKind.TIME) {
            format = serial == Math.floor(serial) ? ISO_DATE : ISO_DATETIME;
        }
        row.setNumber(column, serial, format);
    }

    private int index(char[] chars, int start, int length) {
        int value = 0;
        int digits = 0;
        for (int i = start; i < start + length; i++) {
            char c = chars[i];
            if (c >= '0' && c <= '9' && digits < 10) {
                value = value * 10 + (c - '0');
                digits++;
            } else if (c != ' ' && c != '\n' && c != '\r' && c != '\t') {
                throw corrupt("shared string index '" + new String(chars, start, length) + "'");
            }
        }
        if (digits == 0) {
            throw corrupt("shared string index ''");
        }
        return value;
    }

    /** The current cell, for an error. */
    private String cellName() {
        return "cell %s%d of sheet '%s'".formatted(CellAddress.columnLetters(column), rowNumber, sheetName);
    }

    /** Counts a cell's text into its row's, which must stay within {@link TextLimits#MAX_ROW_CHARS}. */
    private void counted(int chars) {
        rowChars += chars;
        TextLimits.checkRow(rowChars, fileName, () -> "row %d of sheet '%s'".formatted(rowNumber, sheetName));
    }

    /** Reads the text of an inline string, skipping phonetic guides, up to its closing {@code </is>}. */
    private String inlineText(XMLStreamReader xml) throws XMLStreamException {
        StringBuilder text = new StringBuilder();
        int depth = 1;
        int phonetic = 0;
        while (depth > 0 && xml.hasNext()) {
            int event = xml.next();
            if (event == XMLStreamConstants.START_ELEMENT) {
                Stax.checkDepth(xml, fileName, part);
                depth++;
                String name = xml.getLocalName();
                if (name.equals("rPh")) {
                    phonetic++;
                } else if (name.equals("t") && phonetic == 0) {
                    text.append(Stax.elementText(xml, fileName, this::cellName));
                    TextLimits.checkCell(text.length(), fileName, this::cellName);
                    depth--;
                }
            } else if (event == XMLStreamConstants.END_ELEMENT) {
                depth--;
                if (xml.getLocalName().equals("rPh")) {
                    phonetic--;
                }
            }
        }
        return text.toString();
    }

    private long parseRowNumber(String text) {
        try {
            long value = Long.parseLong(text.strip());
            if (value < 1) {
                throw corrupt("row number " + text);
            }
            return value;
        } catch (NumberFormatException e) {
            throw corrupt("row number '" + text + "'");
        }
    }

    private int parseInt(String text) {
        try {
            return Integer.parseInt(text.strip());
        } catch (NumberFormatException e) {
            throw corrupt("number '" + text + "'");
        }
    }

    private EngineException corrupt(String what) {
        return new EngineException(
                IngestErrorCode.CORRUPT_FILE,
                "sheet '%s' of '%s' is damaged: invalid %s".formatted(sheetName, fileName, what));
    }
}
