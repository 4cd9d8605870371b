package io.tablequery.engine.ingest;

/**
 * A cell position.
 *
 * @param row the 1-based row as shown in the spreadsheet
 * @param column the 0-based column
 */
public record CellAddress(long row, int column) {
    /** Excel's last column, XFD. */
    public static final int MAX_COLUMN = 16383;

    public CellAddress {
        if (row < 1 || column < 0 || column > MAX_COLUMN) {
            throw new IllegalArgumentException("invalid cell address: row %d, column %d".formatted(row, column));
        }
    }

    /**
     * Parses {@code B12} (an optional {@code $} before each part is accepted).
     *
     * @param reference the reference
     * @return the address
     * @throws IllegalArgumentException if the reference is malformed
     */
    public static CellAddress parse(String reference) {
        int column = -1;
        int i = 0;
        int length = reference.length();
        if (i < length && reference.charAt(i) == '$') {
            i++;
        }
        int letters = 0;
        while (i < length && Character.isLetter(reference.charAt(i))) {
            char c = Character.toUpperCase(reference.charAt(i++));
            if (c < 'A' || c > 'Z' || ++letters > 3) {
                throw new IllegalArgumentException("invalid cell reference: " + reference);
            }
            column = (column + 1) * 26 + (c - 'A');
        }
        if (i < length && reference.charAt(i) == '$') {
            i++;
        }
        if (letters == 0 || i == length || i + 10 < length) {
            throw new IllegalArgumentException("invalid cell reference: " + reference);
        }
        long row = 0;
        for (; i < length; i++) {
            char c = reference.charAt(i);
            if (c < '0' || c > '9') {
                throw new IllegalArgumentException("invalid cell reference: " + reference);
            }
            row = row * 10 + (c - '0');
        }
        return new CellAddress(row, column);
    }

    /**
     * Parses only the column letters at the start of a reference such as {@code B12}.
     *
     * @param reference the reference
     * @return the 0-based column, or -1 when the reference starts with no letter
     */
    public static int parseColumn(CharSequence reference) {
        int column = -1;
        for (int i = 0; i < reference.length(); i++) {
            char c = reference.charAt(i);
            if (c >= 'A' && c <= 'Z') {
                column = (column + 1) * 26 + (c - 'A');
            } else if (c >= 'a' && c <= 'z') {
                column = (column + 1) * 26 + (c - 'a');
            } else if (c != '$') {
                break;
            }
        }
        return column;
    }

    /**
     * Returns the letters of a 0-based column: 0 is {@code A}, 26 is {@code AA}.
     *
     * @param column the 0-based column
     * @return the column letters
     */
    public static String columnLetters(int column) {
        StringBuilder letters = new StringBuilder();
        for (int c = column; c >= 0; c = c / 26 - 1) {
            letters.append((char) ('A' + c % 26));
        }
        return letters.reverse().toString();
    }

    @Override
    public String toString() {
        return columnLetters(column) + row;
    }
}
