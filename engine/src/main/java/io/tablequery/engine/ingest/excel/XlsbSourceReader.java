package io.tablequery.engine.ingest.excel;

import io.tablequery.engine.error.EngineException;
import io.tablequery.engine.ingest.CellAddress;
import io.tablequery.engine.ingest.DisplayFormat;
import io.tablequery.engine.ingest.RawRow;
import io.tablequery.engine.ingest.ReadProgress;
import io.tablequery.engine.ingest.RowSink;
import io.tablequery.engine.ingest.SheetSource;
import io.tablequery.engine.ingest.SheetVisitor;
import io.tablequery.engine.ingest.SourceDetails;
import io.tablequery.engine.ingest.SourceKind;
import io.tablequery.engine.ingest.SourceReader;
import io.tablequery.engine.ingest.values.NumberFormats;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.poi.EncryptedDocumentException;
import org.apache.poi.ooxml.POIXMLException;
import org.apache.poi.openxml4j.exceptions.OpenXML4JException;
import org.apache.poi.openxml4j.exceptions.OpenXML4JRuntimeException;
import org.apache.poi.openxml4j.opc.OPCPackage;
import org.apache.poi.openxml4j.opc.PackageAccess;
import org.apache.poi.ss.usermodel.ExcelNumberFormat;
import org.apache.poi.ss.usermodel.FormulaError;
import org.apache.poi.xssf.binary.XSSFBParseException;
import org.apache.poi.xssf.binary.XSSFBSharedStringsTable;
import org.apache.poi.xssf.binary.XSSFBSheetHandler;
import org.apache.poi.xssf.binary.XSSFBStylesTable;
import org.apache.poi.xssf.eventusermodel.XSSFBReader;
import org.apache.poi.xssf.usermodel.XSSFComment;
import org.xml.sax.SAXException;

/**
 * Reads Excel's binary workbooks ({@code .xlsb}) with POI's streaming XSSFB readers, sheet by sheet and row by row,
 * into the same raw rows as {@code .xlsx}: text, numbers with their number formats (so dates are dates), booleans,
 * errors and formulas' cached values, each row by its number, and the 1904 date system and hidden sheets from the
 * workbook part ({@link XlsbWorkbookInfo}). POI's XSSFB readers do not give merged ranges, so an {@code .xlsb} is read
 * without them, and the upload says so.
 */
public final class XlsbSourceReader implements SourceReader {
    /** What the upload says of every {@code .xlsb}. */
    static final String NOTE =
            "read as an Excel binary workbook (.xlsb): its merged cells are not read from this format"
                    + " (a value merged over several cells stands in the first of them only; save it as .xlsx to keep them)";

    @Override
    public SourceDetails read(Path file, String displayName, SheetVisitor visitor, ReadProgress progress)
            throws IOException {
        XlsxSourceReader.refuseTooManyParts(file, displayName);
        try (OPCPackage pkg = OPCPackage.open(file.toFile(), PackageAccess.READ)) {
            XSSFBReader reader = new XSSFBReader(pkg);
            XlsbWorkbookInfo workbook;
            try (InputStream in = reader.getWorkbookData()) {
                workbook = XlsbWorkbookInfo.read(in);
            }
            XSSFBStylesTable styles = reader.getXSSFBStylesTable();
            XSSFBSharedStringsTable strings = new XSSFBSharedStringsTable(pkg);
            XSSFBReader.SheetIterator sheets = (XSSFBReader.SheetIterator) reader.getSheetsData();
            int number = 0;
            while (sheets.hasNext()) {
                try (InputStream in = sheets.next()) {
                    number++;
                    String name = sheets.getSheetName();
                    RowSink sink = visitor.beginSheet(new SheetSource(
                            number, name, workbook.hidden(name), SourceKind.SPREADSHEET, workbook.date1904()));
                    if (sink == null) {
                        continue;
                    }
                    Rows rows = new Rows(sink);
                    new XSSFBSheetHandler(in, styles, sheets.getXSSFBSheetComments(), strings, rows, false).parse();
                    rows.flush();
                    sink.end(List.of());
                }
            }
            return new SourceDetails(null, null, List.of(NOTE));
        } catch (EngineException e) {
            throw e;
        } catch (EncryptedDocumentException e) {
            throw XlsxSourceReader.encrypted(displayName, e);
        } catch (IOException e) {
            throw XlsxSourceReader.ioFailure(displayName, e);
        } catch (OpenXML4JException
                | SAXException
                | XSSFBParseException
                | POIXMLException
                | OpenXML4JRuntimeException
                | IllegalArgumentException e) {
            throw XlsxSourceReader.damaged(displayName, e);
        }
    }

    /** Turns POI's cell callbacks into raw rows, one per row the sheet writes. */
    private static final class Rows implements XSSFBSheetHandler.XSSFBSheetContentsHandler {
        private final RowSink sink;
        private final RawRow row = new RawRow();
        private final Map<Integer, DisplayFormat> formats = new HashMap<>();
        private boolean pending;

        Rows(RowSink sink) {
            this.sink = sink;
        }

        @Override
        public void startRow(int rowNum) {
            flush();
            row.reset(rowNum + 1L);
            pending = true;
        }

        @Override
        public void endRow(int rowNum) {
            flush();
        }

        @Override
        public void stringCell(String reference, String value, XSSFComment comment) {
            if (value != null) {
                row.setText(column(reference), value);
            }
        }

        @Override
        public void doubleCell(String reference, double value, XSSFComment comment, ExcelNumberFormat format) {
            row.setNumber(column(reference), value, format(format));
        }

        @Override
        public void booleanCell(String reference, boolean value, XSSFComment comment) {
            row.setBoolean(column(reference), value);
        }

        @Override
        public void errorCell(String reference, FormulaError error, XSSFComment comment) {
            row.setError(column(reference), error == null ? "#ERROR" : error.getString());
        }

        @Override
        public void headerFooter(String text, boolean isHeader, String tagName) {}

        @Override
        public void endSheet() {
            flush();
        }

        void flush() {
            if (pending) {
                pending = false;
                sink.row(row);
            }
        }

        private DisplayFormat format(ExcelNumberFormat format) {
            if (format == null) {
                return DisplayFormat.GENERAL;
            }
            return formats.computeIfAbsent(
                    format.getIdx(),
                    index -> new DisplayFormat(
                            index, format.getFormat(), NumberFormats.classify(index, format.getFormat())));
        }

        private static int column(String reference) {
            return CellAddress.parseColumn(reference);
        }
    }
}
