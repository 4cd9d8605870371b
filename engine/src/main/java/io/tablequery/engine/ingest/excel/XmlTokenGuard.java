package io.tablequery.engine.ingest.excel;

import io.tablequery.engine.error.EngineException;
import io.tablequery.engine.ingest.IngestErrorCode;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;

/**
 * Bounds what the XML parser must hold of one token, as the bytes pass it. Aalto reads a whole text token into memory
 * before it hands any of it over, so a cell that inflates to gigabytes of text would exhaust the heap before any
 * later check ran; this guard stops it at {@link #MAX_TOKEN_BYTES}, having held no more than that.
 *
 * <p>A text, a tag and an attribute value cannot hold a raw {@code <}, so the bytes between two {@code <} bound every
 * token the parser buffers; only comments, CDATA sections and declarations ({@code <!...}) may hold one, and they are
 * followed to their end byte by byte. The scan for {@code <} is one tight loop, so the guard costs little beside the
 * parser. UTF-8 allows it: every byte of a multi-byte character is above 0x7F and no markup character is. How deep
 * elements nest is bounded where the events are read ({@link Stax#checkDepth}).
 */
final class XmlTokenGuard extends FilterInputStream {
    /** The most bytes one token may take: 16 MiB, 500 times Excel's longest cell (32,767 characters). */
    static final int MAX_TOKEN_BYTES = 16 << 20;

    /** Where in a {@code <!...} construct the bytes are: its first bytes tell a comment, CDATA or declaration. */
    private enum Bang {
        NONE,
        OPENED,
        COMMENT,
        CDATA,
        DECLARATION
    }

    private final String fileName;
    private final String part;
    /** The offset in the part of the byte after the last {@code <}, or of the part's start. */
    private long tokenStart;
    /** The offset in the part of the next byte read. */
    private long offset;
    /** Whether the byte before this read's first was a {@code <}. */
    private boolean afterOpen;

    private Bang bang = Bang.NONE;
    private int previous;
    private int beforePrevious;

    XmlTokenGuard(InputStream in, String fileName, String part) {
        super(in);
        this.fileName = fileName;
        this.part = part;
    }

    @Override
    public int read() throws IOException {
        byte[] one = new byte[1];
        int n = read(one, 0, 1);
        return n < 0 ? -1 : one[0] & 0xFF;
    }

    @Override
    public int read(byte[] buffer, int from, int length) throws IOException {
        int n = super.read(buffer, from, length);
        if (n > 0) {
            scan(buffer, from, from + n);
        }
        return n;
    }

    @Override
    public long skip(long n) throws IOException {
        byte[] buffer = new byte[8192];
        long skipped = 0;
        while (skipped < n) {
            int read = read(buffer, 0, (int) Math.min(buffer.length, n - skipped));
            if (read < 0) {
                break;
            }
            skipped += read;
        }
        return skipped;
    }

    private void scan(byte[] buffer, int from, int end) {
        long base = offset - from;
        int i = from;
        while (i < end) {
            if (afterOpen) {
                afterOpen = false;
                if (buffer[i] == '!') {
                    bang = Bang.OPENED;
                    previous = '!';
                    i++;
                    continue;
                }
            }
            if (bang != Bang.NONE) {
                i = inBang(buffer, i, end, base);
                continue;
            }
            int open = i;
            while (open < end && buffer[open] != '<') {
                open++;
            }
            if (base + open - tokenStart > MAX_TOKEN_BYTES) {
                throw tooLarge(buffer, from, open);
            }
            if (open == end) {
                break;
            }
            tokenStart = base + open + 1;
            afterOpen = true;
            i = open + 1;
        }
        offset = base + end;
    }

    /** Follows a comment, CDATA section or declaration to its end; returns the index after the bytes it took. */
    private int inBang(byte[] buffer, int from, int end, long base) {
        int i = from;
        while (i < end && bang != Bang.NONE) {
            int b = buffer[i] & 0xFF;
            if (base + i - tokenStart > MAX_TOKEN_BYTES) {
                throw tooLarge(buffer, from, i);
            }
            switch (bang) {
                case OPENED -> bang = b == '-' ? Bang.COMMENT : b == '[' ? Bang.CDATA : Bang.DECLARATION;
                case COMMENT -> {
                    if (b == '>' && previous == '-' && beforePrevious == '-') {
                        bang = Bang.NONE;
                    }
                }
                case CDATA -> {
                    if (b == '>' && previous == ']' && beforePrevious == ']') {
                        bang = Bang.NONE;
                    }
                }
                case DECLARATION -> {
                    if (b == '>') {
                        bang = Bang.NONE;
                    }
                }
                case NONE -> {}
            }
            beforePrevious = previous;
            previous = b;
            i++;
        }
        if (bang == Bang.NONE) {
            // The construct's text was one token; what follows it starts another.
            tokenStart = base + i;
        }
        return i;
    }

    private EngineException tooLarge(byte[] buffer, int from, int at) {
        if (blank(buffer, from, at)) {
            return new EngineException(
                    IngestErrorCode.ZIP_BOMB,
                    ("'%s' inflates to far more data than it holds: %s holds over %d MB of nothing but whitespace (near"
                                    + " byte %,d of it), as zip bombs do; it was not read further")
                            .formatted(fileName, part, MAX_TOKEN_BYTES >> 20, offset + at - from));
        }
        return new EngineException(
                IngestErrorCode.RECORD_TOO_LARGE,
                ("'%s' holds a cell or tag of over %d MB in %s (near byte %,d of it), far beyond Excel's longest cell"
                                + " of 32,767 characters, as zip bombs do; it was not read further. A workbook with"
                                + " such text is read as CSV: save it as .csv and upload that")
                        .formatted(fileName, MAX_TOKEN_BYTES >> 20, part, offset + at - from));
    }

    /** Whether the token's bytes in this read are only whitespace. */
    private static boolean blank(byte[] buffer, int from, int to) {
        for (int i = from; i < to; i++) {
            byte b = buffer[i];
            if (b != ' ' && b != '\n' && b != '\r' && b != '\t') {
                return false;
            }
        }
        return true;
    }
}
