package io.tablequery.engine.ingest.excel;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tablequery.engine.error.EngineException;
import io.tablequery.engine.ingest.CellRange;
import io.tablequery.engine.ingest.IngestErrorCode;
import io.tablequery.engine.ingest.RawRow;
import io.tablequery.engine.ingest.RowSink;
import java.util.ArrayList;
import java.util.List;
import org.apache.poi.hssf.eventusermodel.HSSFListener;
import org.apache.poi.hssf.record.BOFRecord;
import org.apache.poi.hssf.record.BoundSheetRecord;
import org.apache.poi.hssf.record.EOFRecord;
import org.apache.poi.hssf.record.ExtendedFormatRecord;
import org.apache.poi.hssf.record.NumberRecord;
import org.junit.jupiter.api.Test;

/**
 * Cell records of an .xls sheet may go back to an earlier row; Excel reads such files, the later cell winning and
 * the row keeping its number. They once failed the upload with "rowid is not unique".
 */
class XlsRecordOrderTest {
    private final List<String> rows = new ArrayList<>();

    @Test
    void cellsThatGoBackToAnEarlierRowJoinItAndTheLaterCellWins() {
        HSSFListener listener = listener();
        sheet(listener, new int[][] {{0, 0, 1}, {2, 0, 3}, {1, 0, 2}, {0, 1, 10}, {2, 0, 30}, {1, 1, 20}});
        assertThat(rows).containsExactly("1: 1.0 10.0", "2: 2.0 20.0", "3: 30.0");
    }

    @Test
    void aRecordThatGoesFurtherBackThanTheReorderWindowIsRefusedWithACode() {
        HSSFListener listener = listener();
        int far = XlsRecordListener.REORDER_ROWS + 5;
        assertThatThrownBy(() -> sheet(listener, new int[][] {{0, 0, 1}, {far, 0, 2}, {0, 1, 3}}))
                .isInstanceOfSatisfying(EngineException.class, e -> assertThat(e.getErrorCode())
                        .isEqualTo(IngestErrorCode.CORRUPT_FILE.toErrorCode()));
    }

    private HSSFListener listener() {
        XlsRecordListener records = new XlsRecordListener(sheet -> new RowSink() {
            @Override
            public void row(RawRow row) {
                StringBuilder text = new StringBuilder(row.rowNumber() + ":");
                for (int c = 0; c < row.width(); c++) {
                    text.append(' ').append(row.valueObject(c));
                }
                rows.add(text.toString());
            }

            @Override
            public void end(List<CellRange> mergedRegions) {}
        });
        HSSFListener entry = records.entry();
        BOFRecord workbook = new BOFRecord();
        workbook.setType(BOFRecord.TYPE_WORKBOOK);
        entry.processRecord(workbook);
        entry.processRecord(new ExtendedFormatRecord());
        BoundSheetRecord bound = new BoundSheetRecord("data");
        bound.setPositionOfBof(1000);
        entry.processRecord(bound);
        entry.processRecord(EOFRecord.instance);
        return entry;
    }

    /** One sheet whose cells are {row, column, value}, in the order given. */
    private static void sheet(HSSFListener listener, int[][] cells) {
        listener.processRecord(BOFRecord.createSheetBOF());
        for (int[] cell : cells) {
            NumberRecord number = new NumberRecord();
            number.setRow(cell[0]);
            number.setColumn((short) cell[1]);
            number.setXFIndex((short) 0);
            number.setValue(cell[2]);
            listener.processRecord(number);
        }
        listener.processRecord(EOFRecord.instance);
    }
}
