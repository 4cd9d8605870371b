package io.tablequery.engine.ingest;

import io.tablequery.engine.catalog.ColumnType;
import io.tablequery.engine.catalog.StoredValues;
import io.tablequery.engine.ingest.layout.ColumnPlan;
import io.tablequery.engine.ingest.layout.TablePlan;
import io.tablequery.engine.ingest.report.CoercionLog;
import io.tablequery.engine.ingest.values.CellValue;
import io.tablequery.engine.ingest.values.CoercionKind;
import io.tablequery.engine.ingest.values.DateOrder;
import io.tablequery.engine.ingest.values.ExcelDates;
import io.tablequery.engine.ingest.values.ValueClass;
import io.tablequery.engine.ingest.values.ValueText;
import io.tablequery.engine.store.ColumnBatch;
import java.util.List;

/**
 * Converts classified cells into a table's column types, counting every coercion in the table's {@link CoercionLog}.
 * A value that does not fit its column's type is refused (the caller then knows its provisional types were wrong).
 */
final class RowConverter {
    private static final int TEXT_ORIGIN = CellValue.PERCENT | CellValue.CURRENCY | CellValue.FROM_TEXT;

    private final List<ColumnPlan> columns;
    private final SourceKind kind;
    private final boolean date1904;
    private final CoercionLog log;

    RowConverter(TablePlan plan, SourceKind kind, boolean date1904, CoercionLog log) {
        this.columns = plan.columns();
        this.kind = kind;
        this.date1904 = date1904;
        this.log = log;
    }

    /**
     * Puts one value into a batch cell.
     *
     * @return false if the value does not fit the column's type
     */
    boolean put(ColumnBatch batch, int row, int column, CellValue value, long rowNumber) {
        ColumnPlan plan = columns.get(column);
        if (value.has(CellValue.CONTROL_REMOVED | CellValue.UNDECODABLE)) {
            noteTextRepair(column, value, rowNumber);
        }
        switch (value.cls()) {
            case NULL -> {
                return true;
            }
            case NULL_MARKER, ERROR -> {
                if (plan.type() == ColumnType.TEXT) {
                    batch.setObject(column, row, value.text());
                } else {
                    note(
                            column,
                            value.cls() == ValueClass.ERROR
                                    ? CoercionKind.ERROR_TO_NULL
                                    : CoercionKind.NULL_MARKER_TO_NULL,
                            rowNumber,
                            value.text(),
                            null);
                }
                return true;
            }
            case UNCACHED -> {
                note(column, CoercionKind.UNCACHED_FORMULA_TO_NULL, rowNumber, "(formula)", null);
                return true;
            }
            default -> {}
        }
        return switch (plan.type()) {
            case INTEGER -> putInteger(batch, row, column, value, rowNumber);
            case REAL -> putReal(batch, row, column, value, rowNumber);
            case DATE -> putDate(batch, row, column, value, rowNumber, plan.dateOrder());
            case TIMESTAMP -> putTimestamp(batch, row, column, value, rowNumber, plan.dateOrder());
            case BOOLEAN -> putBoolean(batch, row, column, value, rowNumber);
            case BLOB -> putBlob(batch, row, column, value);
            case TEXT -> putText(batch, row, column, value, rowNumber);
        };
    }

    private boolean putInteger(ColumnBatch batch, int row, int column, CellValue value, long rowNumber) {
        if (value.cls() != ValueClass.INT) {
            return false;
        }
        batch.setLong(column, row, value.longValue());
        if (value.has(TEXT_ORIGIN)) {
            noteTextOrigin(column, value, rowNumber, Long.toString(value.longValue()));
        }
        if (value.has(CellValue.ELAPSED)) {
            note(
                    column,
                    CoercionKind.ELAPSED_TIME_TO_SECONDS,
                    rowNumber,
                    ValueText.render(value),
                    Long.toString(value.longValue()));
        }
        return true;
    }

    private boolean putReal(ColumnBatch batch, int row, int column, CellValue value, long rowNumber) {
        double number;
        if (value.cls() == ValueClass.INT) {
            number = value.longValue();
        } else if (value.cls() == ValueClass.REAL) {
            number = value.doubleValue();
        } else {
            return false;
        }
        batch.setDouble(column, row, number);
        if (value.has(TEXT_ORIGIN)) {
            noteTextOrigin(column, value, rowNumber, StoredValues.numberText(number));
        }
        if (value.has(CellValue.ELAPSED)) {
            note(
                    column,
                    CoercionKind.ELAPSED_TIME_TO_SECONDS,
                    rowNumber,
                    ValueText.render(value),
                    StoredValues.numberText(number));
        }
        return true;
    }

    private boolean putDate(ColumnBatch batch, int row, int column, CellValue value, long rowNumber, DateOrder order) {
        long day = pick(value, order);
        if (value.cls() != ValueClass.DATE || day == CellValue.INVALID) {
            return false;
        }
        batch.setLong(column, row, day);
        if (value.has(CellValue.FROM_TEXT | CellValue.PART_DROPPED)) {
            noteTemporal(column, value, rowNumber, StoredValues.dateText(day));
        }
        return true;
    }

    private boolean putTimestamp(
            ColumnBatch batch, int row, int column, CellValue value, long rowNumber, DateOrder order) {
        long picked = pick(value, order);
        if ((value.cls() != ValueClass.DATE && value.cls() != ValueClass.DATETIME) || picked == CellValue.INVALID) {
            return false;
        }
        long micros = value.cls() == ValueClass.DATE ? picked * ExcelDates.MICROS_PER_DAY : picked;
        batch.setLong(column, row, micros);
        if (value.has(CellValue.FROM_TEXT | CellValue.PART_DROPPED)) {
            noteTemporal(column, value, rowNumber, StoredValues.timestampText(micros));
        }
        return true;
    }

    private boolean putBoolean(ColumnBatch batch, int row, int column, CellValue value, long rowNumber) {
        boolean databaseFlag = kind == SourceKind.DATABASE
                && value.cls() == ValueClass.INT
                && (value.longValue() == 0 || value.longValue() == 1);
        if (value.cls() != ValueClass.BOOL && !databaseFlag) {
            return false;
        }
        batch.setLong(column, row, value.longValue());
        if (value.has(TEXT_ORIGIN)) {
            noteTextOrigin(column, value, rowNumber, value.longValue() != 0 ? "TRUE" : "FALSE");
        }
        return true;
    }

    private static boolean putBlob(ColumnBatch batch, int row, int column, CellValue value) {
        if (value.cls() != ValueClass.BLOB) {
            return false;
        }
        batch.setObject(column, row, value.blob());
        return true;
    }

    private boolean putText(ColumnBatch batch, int row, int column, CellValue value, long rowNumber) {
        String text = ValueText.render(value);
        batch.setObject(column, row, text);
        if (value.text() == null && value.cls() != ValueClass.TEXT) {
            CoercionKind coercion =
                    kind == SourceKind.DATABASE ? CoercionKind.TEXT_IN_DUCKDB_ONLY : CoercionKind.VALUE_STORED_AS_TEXT;
            note(column, coercion, rowNumber, text, text);
        }
        if (value.has(CellValue.PART_DROPPED)) {
            noteTemporal(column, value, rowNumber, text);
        }
        return true;
    }

    String cellReference(int column, long rowNumber) {
        ColumnPlan plan = columns.get(column);
        return kind == SourceKind.DATABASE ? "rowid " + rowNumber : plan.source() + rowNumber;
    }

    private static long pick(CellValue value, DateOrder order) {
        return value.has(CellValue.ORDER_DEPENDENT) && order == DateOrder.DAY_FIRST
                ? value.dayFirstValue()
                : value.longValue();
    }

    private void noteTextOrigin(int column, CellValue value, long rowNumber, String stored) {
        if (value.has(CellValue.PERCENT)) {
            note(column, CoercionKind.PERCENT_TEXT_TO_NUMBER, rowNumber, value.text(), stored);
        } else if (value.has(CellValue.CURRENCY)) {
            note(column, CoercionKind.CURRENCY_TEXT_TO_NUMBER, rowNumber, value.text(), stored);
        } else if (value.has(CellValue.FROM_TEXT)) {
            CoercionKind kind = value.cls() == ValueClass.BOOL
                    ? CoercionKind.BOOLEAN_STORED_AS_TEXT
                    : CoercionKind.NUMBER_STORED_AS_TEXT;
            note(column, kind, rowNumber, value.text(), stored);
        }
    }

    private void noteTemporal(int column, CellValue value, long rowNumber, String stored) {
        if (value.has(CellValue.FROM_TEXT)) {
            note(column, CoercionKind.DATE_STORED_AS_TEXT, rowNumber, value.text(), stored);
        } else if (value.has(CellValue.PART_DROPPED)) {
            String original = StoredValues.timestampText(ExcelDates.epochMicros(value.doubleValue(), date1904));
            note(column, CoercionKind.HIDDEN_PART_DROPPED, rowNumber, original, stored);
        }
    }

    /**
     * Notes text repaired as it was read: its NUL characters removed (the original shows each as {@code \0}), or bytes
     * that are not text replaced (the original is not text, so none is shown).
     */
    private void noteTextRepair(int column, CellValue value, long rowNumber) {
        if (value.has(CellValue.CONTROL_REMOVED)) {
            note(column, CoercionKind.CONTROL_CHARACTERS_REMOVED, rowNumber, value.withNul(), value.text());
        } else {
            note(column, CoercionKind.UNDECODABLE_BYTES_REPLACED, rowNumber, null, value.text());
        }
    }

    private void note(int column, CoercionKind kind, long rowNumber, String original, String stored) {
        if (log.count(column, kind)) {
            log.example(column, kind, cellReference(column, rowNumber), original, stored == null ? "NULL" : stored);
        }
    }
}
