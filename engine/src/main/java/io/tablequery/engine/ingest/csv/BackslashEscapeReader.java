package io.tablequery.engine.ingest.csv;

import java.io.BufferedReader;
import java.io.FilterReader;
import java.io.IOException;
import java.io.Reader;

/**
 * Reads a file that escapes the quote character inside quoted fields with a backslash ({@code "say \"hi\""}, as
 * MySQL's {@code SELECT ... INTO OUTFILE} and many hand-written exporters write) as RFC 4180 writes it, so the parser
 * reads it: inside quotes {@code \"} becomes a doubled quote and {@code \\} one backslash; any other backslash stays
 * as it is, and nothing outside quotes changes. A quote opens a field only at its start, as the parser reads them.
 *
 * <p>The wrapped reader is buffered here, as this one reads it a character at a time.
 */
final class BackslashEscapeReader extends FilterReader {
    private final char delimiter;
    private final char quote;
    private boolean inQuotes;
    private boolean fieldStart = true;
    /** A character read ahead that is not part of an escape, or the second quote of an escaped one; -2 when none. */
    private int pending = -2;

    BackslashEscapeReader(Reader in, char delimiter, char quote) {
        super(new BufferedReader(in));
        this.delimiter = delimiter;
        this.quote = quote;
    }

    @Override
    public int read() throws IOException {
        if (pending != -2) {
            int c = pending;
            pending = -2;
            return c;
        }
        int c = in.read();
        if (c < 0) {
            return -1;
        }
        if (inQuotes) {
            if (c == '\\') {
                int next = in.read();
                if (next == quote) {
                    pending = quote;
                    return quote;
                }
                if (next == '\\') {
                    return '\\';
                }
                pending = next < 0 ? -2 : next;
                return c;
            }
            if (c == quote) {
                in.mark(1);
                int next = in.read();
                if (next == quote) {
                    pending = quote;
                    return quote;
                }
                if (next >= 0) {
                    in.reset();
                }
                inQuotes = false;
            }
            return c;
        }
        if (c == quote && fieldStart) {
            inQuotes = true;
        }
        fieldStart = c == delimiter || c == '\n' || c == '\r';
        return c;
    }

    @Override
    public int read(char[] buffer, int offset, int length) throws IOException {
        if (length == 0) {
            return 0;
        }
        int n = 0;
        while (n < length) {
            int c = read();
            if (c < 0) {
                return n == 0 ? -1 : n;
            }
            buffer[offset + n++] = (char) c;
        }
        return n;
    }

    @Override
    public boolean markSupported() {
        return false;
    }

    /**
     * Counts the quoted fields of a sample whose closing quote is followed by something other than a delimiter or a
     * line break, read with or without backslash escapes: a file whose fields hold {@code \"} has such fields only
     * when read without them.
     *
     * @param sample the first characters of the file
     * @param delimiter the field delimiter
     * @param quote the quote character
     * @param escapes whether a backslash escapes the character after it inside quotes
     * @return the count, and whether a backslash came before a quote inside quotes
     */
    static Misread misread(String sample, char delimiter, char quote, boolean escapes) {
        int misread = 0;
        boolean escapedQuote = false;
        boolean inQuotes = false;
        boolean fieldStart = true;
        for (int i = 0; i < sample.length(); i++) {
            char c = sample.charAt(i);
            if (inQuotes) {
                if (c == '\\' && i + 1 < sample.length()) {
                    escapedQuote |= sample.charAt(i + 1) == quote;
                    if (escapes) {
                        i++;
                    }
                } else if (c == quote) {
                    if (i + 1 < sample.length() && sample.charAt(i + 1) == quote) {
                        i++;
                    } else {
                        inQuotes = false;
                        char next = i + 1 < sample.length() ? sample.charAt(i + 1) : '\n';
                        if (next != delimiter && next != '\n' && next != '\r') {
                            misread++;
                        }
                    }
                }
                continue;
            }
            if (c == quote && fieldStart) {
                inQuotes = true;
            }
            fieldStart = c == delimiter || c == '\n' || c == '\r';
        }
        return new Misread(misread, escapedQuote);
    }

    /**
     * What reading a sample one way found.
     *
     * @param fields quoted fields whose closing quote is followed by something other than a delimiter or a line break
     * @param escapedQuote whether a backslash came before a quote inside quotes
     */
    record Misread(int fields, boolean escapedQuote) {}
}
