package io.tablequery.engine.ingest;

import static java.util.Objects.requireNonNull;

/**
 * A spreadsheet's number format for a cell: its index, its format code as the workbook writes it (such as
 * {@code 0.00%} or {@code [h]:mm:ss}) and the kind of value it makes the number. Readers make one per cell style and
 * share it among that style's cells.
 *
 * @param index the format's index in the workbook (built-in formats below 164)
 * @param code the format code, {@code General} when the workbook names none
 * @param kind whether the number reads as a date, a time, a duration, a percent or a plain number
 */
public record DisplayFormat(int index, String code, NumberFormatKind kind) {
    /** The General format, which shows a number as it is, in up to 11 characters. */
    public static final DisplayFormat GENERAL = new DisplayFormat(0, "General", NumberFormatKind.GENERAL);

    public DisplayFormat {
        requireNonNull(code, "code is null");
        requireNonNull(kind, "kind is null");
    }
}
