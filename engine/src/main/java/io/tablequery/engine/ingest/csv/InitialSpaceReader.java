package io.tablequery.engine.ingest.csv;

import java.io.BufferedReader;
import java.io.FilterReader;
import java.io.IOException;
import java.io.Reader;

/**
 * Drops the spaces that follow a delimiter (or begin a line) outside quotes, for files that write {@code a, b, "c, d"}:
 * without this the quote after the space would not open a quoted field and {@code "c, d"} would split. It is the
 * {@code skipinitialspace} dialect of Python's csv module. A quote opens a field only at its start and closes at the
 * next quote (a doubled quote closes and reopens), as the parser reads them.
 *
 * <p>The wrapped reader is buffered here, as this one reads it a character at a time.
 */
final class InitialSpaceReader extends FilterReader {
    private final char delimiter;
    private final char quote;
    private boolean inQuotes;
    private boolean justClosed;
    private boolean fieldStart = true;

    InitialSpaceReader(Reader in, char delimiter, char quote) {
        super(new BufferedReader(in));
        this.delimiter = delimiter;
        this.quote = quote;
    }

    @Override
    public int read() throws IOException {
        int c = in.read();
        while (c == ' ' && fieldStart && !inQuotes) {
            c = in.read();
        }
        if (c < 0) {
            return -1;
        }
        boolean closedBefore = justClosed;
        justClosed = false;
        if (inQuotes) {
            if (c == quote) {
                inQuotes = false;
                justClosed = true;
            }
        } else if (c == quote && (fieldStart || closedBefore)) {
            inQuotes = true;
        }
        fieldStart = !inQuotes && (c == delimiter || c == '\n' || c == '\r');
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
}
