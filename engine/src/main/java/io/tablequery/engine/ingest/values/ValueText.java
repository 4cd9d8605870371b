package io.tablequery.engine.ingest.values;

import io.tablequery.engine.catalog.StoredValues;

/**
 * Renders a classified value as the text a TEXT column stores: text keeps its original spelling exactly; a
 * spreadsheet number, date, time or boolean becomes the plain text of its value, and an elapsed time its {@code
 * [h]:mm:ss} text.
 */
public final class ValueText {
    private ValueText() {}

    /** Renders a value as a TEXT column stores it: its original text, or the plain text of its value; null for none. */
    public static String render(CellValue value) {
        if (value.text != null) {
            return value.text;
        }
        if (value.has(CellValue.ELAPSED)) {
            double seconds = value.cls == ValueClass.INT ? value.longValue : value.doubleValue;
            return StoredValues.durationText(Math.round(seconds * 1_000_000));
        }
        return switch (value.cls) {
            case NULL, UNCACHED, NULL_MARKER, ERROR, TEXT -> null;
            case INT -> Long.toString(value.longValue);
            case REAL -> StoredValues.numberText(value.doubleValue);
            case DATE -> StoredValues.dateText(value.longValue);
            case DATETIME -> StoredValues.timestampText(value.longValue);
            case TIME -> StoredValues.timeText(value.longValue);
            case BOOL -> value.longValue != 0 ? "TRUE" : "FALSE";
            case BLOB -> StoredValues.blobText(value.blob);
        };
    }
}
