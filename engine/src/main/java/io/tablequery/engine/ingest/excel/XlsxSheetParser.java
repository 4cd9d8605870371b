package io.tablequery.engine.ingest.excel;

import io.tablequery.engine.error.EngineException;
import io.tablequery.engine.ingest.CellAddress;
import io.tablequery.engine.ingest.CellRange;
import io.tablequery.engine.ingest.Decimals;
import io.tablequery.engine.ingest.IngestErrorCode;
import io.tablequery.engine.ingest.RawRow;
import io.tablequery.engine.ingest.ReadProgress;
import io.tablequery.engine.ingest.RowSink;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;
import org.apache.commons.io.input.BoundedInputStream;

/**
 * Streams one worksheet part ({@code xl/worksheets/sheetN.xml}) row by row: {@code <row>}, {@code <c>} with its type
 * ({@code t}) and style ({@code s}), the cached value {@code <v>} (formulas included), inline strings, and the merged
 * regions listed after the cells. Element names are matched without their namespace prefix.
 */
final class XlsxSheetParser {
    private static final long PROGRESS_STEP = 1 << 20;

    private final SharedStrings strings;
    private final CellFormats formats;
    private final String fileName;
    private final String sheetName;

    XlsxSheetParser(SharedStrings strings, CellFormats formats, String fileName, String sheetName) {
        this.strings = strings;
        this.formats = formats;
        this.fileName = fileName;
        this.sheetName = sheetName;
    }

    void parse(InputStream raw, long size, RowSink sink, ReadProgress progress) throws XMLStreamException {
        BoundedInputStream in;
        try {
            in = BoundedInputStream.builder().setInputStream(raw).get();
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        XMLStreamReader xml = Stax.reader(in);
        List<CellRange> merges = new ArrayList<>();
        RawRow row = new RawRow();
        long rowNumber = 0;
        boolean inRow = false;
        int column = -1;
        String type = null;
        int style = 0;
        boolean hasValue = false;
        boolean hasFormula = false;
        long nextProgress = PROGRESS_STEP;
        try {
            while (xml.hasNext()) {
                int event = xml.next();
                if (event == XMLStreamConstants.START_ELEMENT) {
                    switch (xml.getLocalName()) {
                        case "row" -> {
                            String r = Stax.attribute(xml, "r");
                            rowNumber = r == null ? rowNumber + 1 : parseRowNumber(r);
                            row.reset(rowNumber);
                            inRow = true;
                            column = -1;
                        }
                        case "c" -> {
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
                        case "v" -> {
                            if (inRow && column >= 0) {
                                hasValue = setValue(row, column, type, style, xml.getElementText());
                            }
                        }
                        case "f" -> hasFormula = true;
                        case "is" -> {
                            if (inRow && column >= 0) {
                                row.setText(column, OoxmlText.decode(inlineText(xml)));
                                hasValue = true;
                            }
                        }
                        case "mergeCell" -> {
                            String ref = Stax.attribute(xml, "ref");
                            if (ref != null) {
                                try {
                                    merges.add(CellRange.parse(ref));
                                } catch (IllegalArgumentException e) {
                                    // A merge Excel would reject changes no value; it is ignored.
                                }
                            }
                        }
                        default -> {}
                    }
                } else if (event == XMLStreamConstants.END_ELEMENT) {
                    String name = xml.getLocalName();
                    if (name.equals("c")) {
                        if (!hasValue && hasFormula && column >= 0) {
                            row.setUncachedFormula(column);
                        }
                    } else if (name.equals("row")) {
                        sink.row(row);
                        inRow = false;
                        if (in.getCount() >= nextProgress) {
                            progress.advanced(in.getCount(), size);
                            nextProgress = in.getCount() + PROGRESS_STEP;
                        }
                    }
                }
            }
        } finally {
            xml.close();
        }
        sink.end(merges);
    }

    private boolean setValue(RawRow row, int column, String type, int style, String text) {
        if (text.isEmpty()) {
            return false;
        }
        if (type == null || type.equals("n")) {
            try {
                row.setNumber(column, Decimals.parseDouble(text), formats.kind(style));
            } catch (NumberFormatException e) {
                row.setText(column, text);
            }
            return true;
        }
        switch (type) {
            case "s" -> {
                String value = strings.get(parseInt(text.strip()));
                if (value == null) {
                    throw corrupt("cell %s%d refers to shared string %s, which does not exist"
                            .formatted(CellAddress.columnLetters(column), row.rowNumber(), text));
                }
                row.setText(column, value);
            }
            case "b" -> row.setBoolean(column, text.equals("1") || text.equalsIgnoreCase("true"));
            case "e" -> row.setError(column, text);
            default -> row.setText(column, OoxmlText.decode(text));
        }
        return true;
    }

    /** Reads the text of an inline string, skipping phonetic guides, up to its closing {@code </is>}. */
    private static String inlineText(XMLStreamReader xml) throws XMLStreamException {
        StringBuilder text = new StringBuilder();
        int depth = 1;
        int phonetic = 0;
        while (depth > 0 && xml.hasNext()) {
            int event = xml.next();
            if (event == XMLStreamConstants.START_ELEMENT) {
                depth++;
                String name = xml.getLocalName();
                if (name.equals("rPh")) {
                    phonetic++;
                } else if (name.equals("t") && phonetic == 0) {
                    text.append(xml.getElementText());
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
