package io.tablequery.engine.result;

import java.util.List;

/** Writes RFC 4180 CSV: CRLF line ends, and a field quoted when it holds a comma, a quote, CR or LF. */
public final class CsvText {
    private CsvText() {}

    /**
     * Appends one record; a null field is written empty.
     *
     * @param out where to write
     * @param fields the fields
     */
    public static void appendRecord(StringBuilder out, List<String> fields) {
        for (int i = 0; i < fields.size(); i++) {
            if (i > 0) {
                out.append(',');
            }
            appendField(out, fields.get(i));
        }
        out.append("\r\n");
    }

    /**
     * Returns how many characters a record takes, without building it.
     *
     * @param fields the fields
     * @return the length of the record with its line end
     */
    public static int recordLength(List<String> fields) {
        int length = Math.max(0, fields.size() - 1) + 2;
        for (String field : fields) {
            length += fieldLength(field);
        }
        return length;
    }

    private static void appendField(StringBuilder out, String field) {
        if (field == null) {
            return;
        }
        if (needsQuotes(field)) {
            out.append('"').append(field.replace("\"", "\"\"")).append('"');
        } else {
            out.append(field);
        }
    }

    private static int fieldLength(String field) {
        if (field == null) {
            return 0;
        }
        if (!needsQuotes(field)) {
            return field.length();
        }
        int quotes = 0;
        for (int i = 0; i < field.length(); i++) {
            if (field.charAt(i) == '"') {
                quotes++;
            }
        }
        return field.length() + quotes + 2;
    }

    private static boolean needsQuotes(String field) {
        for (int i = 0; i < field.length(); i++) {
            char c = field.charAt(i);
            if (c == ',' || c == '"' || c == '\r' || c == '\n') {
                return true;
            }
        }
        return false;
    }
}
