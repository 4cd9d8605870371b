package io.tablequery.engine.ingest.excel;

import io.tablequery.engine.error.EngineException;
import io.tablequery.engine.ingest.CellRange;
import io.tablequery.engine.ingest.DisplayFormat;
import io.tablequery.engine.ingest.IngestErrorCode;
import io.tablequery.engine.ingest.RawRow;
import io.tablequery.engine.ingest.RowSink;
import io.tablequery.engine.ingest.SheetSource;
import io.tablequery.engine.ingest.SheetVisitor;
import io.tablequery.engine.ingest.SourceKind;
import io.tablequery.engine.ingest.values.NumberFormats;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.poi.hssf.eventusermodel.FormatTrackingHSSFListener;
import org.apache.poi.hssf.eventusermodel.HSSFListener;
import org.apache.poi.hssf.record.BOFRecord;
import org.apache.poi.hssf.record.BoolErrRecord;
import org.apache.poi.hssf.record.BoundSheetRecord;
import org.apache.poi.hssf.record.CellValueRecordInterface;
import org.apache.poi.hssf.record.DateWindow1904Record;
import org.apache.poi.hssf.record.EOFRecord;
import org.apache.poi.hssf.record.FormulaRecord;
import org.apache.poi.hssf.record.LabelRecord;
import org.apache.poi.hssf.record.LabelSSTRecord;
import org.apache.poi.hssf.record.MergeCellsRecord;
import org.apache.poi.hssf.record.MulRKRecord;
import org.apache.poi.hssf.record.NumberRecord;
import org.apache.poi.hssf.record.RKRecord;
import org.apache.poi.hssf.record.Record;
import org.apache.poi.hssf.record.SSTRecord;
import org.apache.poi.hssf.record.StringRecord;
import org.apache.poi.ss.usermodel.FormulaError;
import org.apache.poi.ss.util.CellRangeAddress;

/**
 * Follows the record stream of an {@code .xls} workbook: the globals (sheet list, shared strings, formats, date
 * system), then one substream per sheet whose cell records it assembles into rows. Substreams nested inside a sheet
 * (embedded charts) are skipped.
 */
final class XlsRecordListener implements HSSFListener {
    /** How far back in rows a cell record may go. */
    static final int REORDER_ROWS = 64;

    private final SheetVisitor visitor;
    private final FormatTrackingHSSFListener formats;
    private final List<BoundSheetRecord> boundSheets = new ArrayList<>();
    private final Map<Integer, DisplayFormat> displayFormats = new HashMap<>();
    /** Rows not yet handed on, by number: a record may still go back to one of them. */
    private final TreeMap<Long, RawRow> pending = new TreeMap<>();

    private final ArrayDeque<RawRow> spare = new ArrayDeque<>();
    private RawRow row;
    private long handedOnThrough;
    private String sheetName;
    private BoundSheetRecord[] sheetsByPosition;
    private SSTRecord strings;
    private boolean date1904;
    private int depth;
    private int substream = -1;
    private RowSink sink;
    private List<CellRange> merges;
    private long rowNumber;
    private int pendingStringColumn = -1;

    XlsRecordListener(SheetVisitor visitor) {
        this.visitor = visitor;
        this.formats = new FormatTrackingHSSFListener(this);
    }

    HSSFListener entry() {
        return formats;
    }

    @Override
    public void processRecord(Record record) {
        if (record instanceof BOFRecord bof) {
            depth++;
            if (depth == 1 && bof.getType() != BOFRecord.TYPE_WORKBOOK) {
                beginSheet();
            }
        } else if (record instanceof EOFRecord) {
            if (depth == 1 && sink != null) {
                handOn(Long.MAX_VALUE);
                sink.end(merges);
                sink = null;
            }
            depth--;
        } else if (record instanceof BoundSheetRecord bound) {
            boundSheets.add(bound);
        } else if (record instanceof DateWindow1904Record window) {
            date1904 = window.getWindowing() == 1;
        } else if (record instanceof SSTRecord sst) {
            strings = sst;
        } else if (sink != null && depth == 1) {
            sheetRecord(record);
        }
    }

    private void beginSheet() {
        substream++;
        if (sheetsByPosition == null) {
            sheetsByPosition = BoundSheetRecord.orderByBofPosition(boundSheets);
        }
        if (substream >= sheetsByPosition.length) {
            return;
        }
        BoundSheetRecord bound = sheetsByPosition[substream];
        int number = boundSheets.indexOf(bound) + 1;
        sink = visitor.beginSheet(new SheetSource(
                number,
                bound.getSheetname(),
                bound.isHidden() || bound.isVeryHidden(),
                SourceKind.SPREADSHEET,
                date1904));
        merges = new ArrayList<>();
        sheetName = bound.getSheetname();
        row = null;
        rowNumber = 0;
        handedOnThrough = 0;
        pendingStringColumn = -1;
    }

    private void sheetRecord(Record record) {
        if (record instanceof NumberRecord number) {
            cell(number).setNumber(number.getColumn(), number.getValue(), format(number));
        } else if (record instanceof RKRecord rk) {
            cell(rk).setNumber(rk.getColumn(), rk.getRKNumber(), format(rk));
        } else if (record instanceof MulRKRecord mulRk) {
            for (int i = 0; i < mulRk.getNumColumns(); i++) {
                moveTo(mulRk.getRow());
                DisplayFormat format = formatOf(mulRk.getXFAt(i));
                row.setNumber(mulRk.getFirstColumn() + i, mulRk.getRKNumberAt(i), format);
            }
        } else if (record instanceof LabelSSTRecord label) {
            String text = strings == null
                    ? null
                    : strings.getString(label.getSSTIndex()).getString();
            if (text != null) {
                cell(label).setText(label.getColumn(), text);
            }
        } else if (record instanceof LabelRecord label) {
            moveTo(label.getRow());
            row.setText(label.getColumn(), label.getValue());
        } else if (record instanceof BoolErrRecord boolErr) {
            if (boolErr.isBoolean()) {
                cell(boolErr).setBoolean(boolErr.getColumn(), boolErr.getBooleanValue());
            } else {
                cell(boolErr).setError(boolErr.getColumn(), errorText(boolErr.getErrorValue()));
            }
        } else if (record instanceof FormulaRecord formula) {
            formula(formula);
        } else if (record instanceof StringRecord string && pendingStringColumn >= 0) {
            row.setText(pendingStringColumn, string.getString());
            pendingStringColumn = -1;
        } else if (record instanceof MergeCellsRecord merge) {
            for (int i = 0; i < merge.getNumAreas(); i++) {
                CellRangeAddress area = merge.getAreaAt(i);
                if (area.getFirstRow() >= 0 && area.getFirstColumn() >= 0) {
                    merges.add(new CellRange(
                            area.getFirstRow() + 1L,
                            area.getLastRow() + 1L,
                            area.getFirstColumn(),
                            area.getLastColumn()));
                }
            }
        }
    }

    private void formula(FormulaRecord formula) {
        RawRow target = cell(formula);
        int column = formula.getColumn();
        if (formula.hasCachedResultString()) {
            pendingStringColumn = column;
            return;
        }
        switch (formula.getCachedResultTypeEnum()) {
            case NUMERIC -> target.setNumber(column, formula.getValue(), format(formula));
            case BOOLEAN -> target.setBoolean(column, formula.getCachedBooleanValue());
            case ERROR -> target.setError(column, errorText(formula.getCachedErrorValue()));
            default -> target.setUncachedFormula(column);
        }
    }

    private RawRow cell(CellValueRecordInterface cell) {
        moveTo(cell.getRow());
        return row;
    }

    /**
     * Makes a row the one cells go to. A record may go back to an earlier row (Excel reads such files, the later
     * cell winning): rows are handed on only once records are {@value #REORDER_ROWS} rows past them, and a record
     * that goes back further is refused.
     */
    private void moveTo(int zeroBasedRow) {
        long number = zeroBasedRow + 1L;
        if (row != null && number == rowNumber) {
            return;
        }
        if (number <= handedOnThrough) {
            throw new EngineException(
                    IngestErrorCode.CORRUPT_FILE,
                    ("sheet '%s' has cells of row %d after those of row %d; tablequery reads rows up to %d apart out"
                                    + " of order. Open the file in Excel or LibreOffice and save it again.")
                            .formatted(sheetName, number, rowNumber, REORDER_ROWS));
        }
        row = pending.get(number);
        if (row == null) {
            row = spare.isEmpty() ? new RawRow() : spare.pop();
            row.reset(number);
            pending.put(number, row);
        }
        rowNumber = number;
        handOn(number - REORDER_ROWS);
    }

    /** Hands on, in row order, the pending rows numbered below a bound. */
    private void handOn(long below) {
        while (!pending.isEmpty() && pending.firstKey() < below) {
            Map.Entry<Long, RawRow> first = pending.pollFirstEntry();
            sink.row(first.getValue());
            handedOnThrough = first.getKey();
            if (first.getValue() != row) {
                spare.push(first.getValue());
            }
        }
        if (pending.isEmpty()) {
            row = null;
        }
    }

    private DisplayFormat format(CellValueRecordInterface cell) {
        return formatOf(formats.getFormatIndex(cell), formats.getFormatString(cell));
    }

    private DisplayFormat formatOf(int xfIndex) {
        return format(new XfOnly(xfIndex));
    }

    private DisplayFormat formatOf(int formatIndex, String formatString) {
        return displayFormats.computeIfAbsent(
                formatIndex,
                index -> new DisplayFormat(
                        index,
                        formatString == null ? "General" : formatString,
                        NumberFormats.classify(index, formatString)));
    }

    private static String errorText(int code) {
        try {
            return FormulaError.forInt(code).getString();
        } catch (IllegalArgumentException e) {
            return "#ERROR";
        }
    }

    /** A cell stand-in carrying only a style index, to look up the format of one value of a MULRK record. */
    private record XfOnly(int xfIndex) implements CellValueRecordInterface {
        @Override
        public int getRow() {
            return 0;
        }

        @Override
        public short getColumn() {
            return 0;
        }

        @Override
        public void setRow(int row) {
            throw new UnsupportedOperationException();
        }

        @Override
        public void setColumn(short col) {
            throw new UnsupportedOperationException();
        }

        @Override
        public void setXFIndex(short xf) {
            throw new UnsupportedOperationException();
        }

        @Override
        public short getXFIndex() {
            return (short) xfIndex;
        }
    }
}
