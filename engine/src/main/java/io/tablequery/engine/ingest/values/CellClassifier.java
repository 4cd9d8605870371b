package io.tablequery.engine.ingest.values;

import io.tablequery.engine.catalog.StoredValues;
import io.tablequery.engine.ingest.NumberFormatKind;
import io.tablequery.engine.ingest.RawRow;
import io.tablequery.engine.ingest.SourceKind;

/**
 * Classifies raw cells into values: spreadsheet numbers by their display format, text by what it spells, database
 * values by their storage class (text is taken literally there, except in columns declared as dates).
 */
public final class CellClassifier {
    private static final long MICROS_PER_SECOND = 1_000_000;

    private final SourceKind kind;
    private final boolean date1904;

    /** Creates a classifier for a kind of source; {@code date1904} for workbooks in the 1904 date system. */
    public CellClassifier(SourceKind kind, boolean date1904) {
        this.kind = kind;
        this.date1904 = date1904;
    }

    /**
     * Classifies one cell.
     *
     * @param row the row
     * @param column the 0-based column
     * @param dateLikeColumn for databases: whether the column is declared as a date or time
     * @param out receives the value
     */
    public void classify(RawRow row, int column, boolean dateLikeColumn, CellValue out) {
        out.reset();
        switch (row.kind(column)) {
            case BLANK -> out.cls = ValueClass.NULL;
            case TEXT -> classifyText(cleanText(row.text(column), out), dateLikeColumn, out);
            case NUMBER -> classifyNumber(row.number(column), row.format(column), out);
            case LONG -> {
                out.cls = ValueClass.INT;
                out.longValue = row.longValue(column);
            }
            case BOOLEAN -> {
                out.cls = ValueClass.BOOL;
                out.longValue = row.longValue(column);
            }
            case ERROR -> {
                out.cls = ValueClass.ERROR;
                out.text = row.text(column);
            }
            case UNCACHED_FORMULA -> out.cls = ValueClass.UNCACHED;
            case BLOB -> {
                out.cls = ValueClass.BLOB;
                out.blob = row.blob(column);
            }
        }
    }

    private void classifyText(String text, boolean dateLikeColumn, CellValue out) {
        int flags = out.flags;
        switch (kind) {
            case DELIMITED -> TextValueParser.parse(text, out);
            case SPREADSHEET -> {
                TextValueParser.parse(text, out);
                if (out.cls != ValueClass.TEXT && out.cls != ValueClass.NULL_MARKER) {
                    out.flags |= CellValue.FROM_TEXT;
                }
            }
            case DATABASE -> {
                if (dateLikeColumn) {
                    TextValueParser.parseIsoTemporal(text, out);
                    if (!isCanonical(out)) {
                        out.flags |= CellValue.NOT_CANONICAL;
                    }
                } else {
                    out.cls = ValueClass.TEXT;
                    out.text = text;
                }
            }
        }
        out.flags |= flags;
    }

    /** Whether a date or timestamp parsed from text is spelled exactly the way the SQLite copy writes it. */
    private static boolean isCanonical(CellValue out) {
        return switch (out.cls) {
            case DATE -> StoredValues.dateText(out.longValue).equals(out.text);
            case DATETIME -> StoredValues.timestampText(out.longValue).equals(out.text);
            default -> true;
        };
    }

    private void classifyNumber(double value, NumberFormatKind format, CellValue out) {
        if (kind == SourceKind.DATABASE) {
            out.cls = ValueClass.REAL;
            out.doubleValue = value;
            return;
        }
        boolean temporal = format == NumberFormatKind.DATE
                || format == NumberFormatKind.DATETIME
                || format == NumberFormatKind.TIME
                || format == NumberFormatKind.DURATION;
        if (temporal && ExcelDates.isValid(value)) {
            switch (format) {
                case DATE -> {
                    out.cls = ValueClass.DATE;
                    out.longValue = ExcelDates.epochDayOf(value, date1904);
                    if (ExcelDates.timeOfDayMicros(value) != 0) {
                        out.flags |= CellValue.PART_DROPPED;
                        out.doubleValue = value;
                    }
                }
                case DATETIME -> {
                    out.cls = ValueClass.DATETIME;
                    out.longValue = ExcelDates.epochMicros(value, date1904);
                }
                case TIME -> {
                    out.cls = ValueClass.TIME;
                    out.longValue = ExcelDates.timeOfDayMicros(value);
                    if (value >= 1) {
                        out.flags |= CellValue.PART_DROPPED;
                        out.doubleValue = value;
                    }
                }
                default -> {
                    long micros = ExcelDates.durationMicros(value);
                    out.flags |= CellValue.ELAPSED;
                    if (micros % MICROS_PER_SECOND == 0) {
                        out.cls = ValueClass.INT;
                        out.longValue = micros / MICROS_PER_SECOND;
                    } else {
                        out.cls = ValueClass.REAL;
                        out.doubleValue = micros / (double) MICROS_PER_SECOND;
                    }
                }
            }
            return;
        }
        if (value == Math.rint(value) && Math.abs(value) < 9.0e18) {
            out.cls = ValueClass.INT;
            out.longValue = (long) value;
        } else {
            out.cls = ValueClass.REAL;
        }
        out.doubleValue = value;
    }

    private static String cleanText(String text, CellValue out) {
        if (text.indexOf('\uFFFD') >= 0) {
            out.flags |= CellValue.UNDECODABLE;
        }
        if (text.indexOf('\0') < 0) {
            return text;
        }
        out.flags |= CellValue.CONTROL_REMOVED;
        out.withNul = text.replace("\0", "\\0");
        return text.replace("\0", "");
    }
}
