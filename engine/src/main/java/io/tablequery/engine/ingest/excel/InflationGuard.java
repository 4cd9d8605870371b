package io.tablequery.engine.ingest.excel;

import io.tablequery.engine.error.EngineException;
import io.tablequery.engine.ingest.IngestErrorCode;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import org.apache.commons.io.input.BoundedInputStream;

/**
 * Bounds how much a workbook part may inflate to by what it yields, instead of POI's rule on the compression ratio
 * (which refused a real 33 MB sheet of repetitive cells, compressed to 1%): a part may inflate to {@value #FREE_BYTES}
 * bytes, plus {@value #BYTES_PER_ITEM} per cell or string it has yielded (room for Excel's longest cell, 32,767
 * characters, with its markup). A zip bomb, megabytes of whitespace or empty elements, yields nothing and is stopped
 * there.
 */
final class InflationGuard {
    static final long FREE_BYTES = 256L << 20;
    static final long BYTES_PER_ITEM = 128L << 10;

    private final BoundedInputStream counted;
    private final String fileName;
    private final String part;
    private long items;

    InflationGuard(InputStream inflated, String fileName, String part) {
        try {
            counted = BoundedInputStream.builder().setInputStream(inflated).get();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        this.fileName = fileName;
        this.part = part;
    }

    /** The stream to read the part from. */
    InputStream stream() {
        return counted;
    }

    /** The bytes inflated so far. */
    long inflated() {
        return counted.getCount();
    }

    /** Counts one yielded cell or string. */
    void yielded() {
        items++;
    }

    /** Fails when the part has inflated to more than what it has yielded explains. */
    void check() {
        long allowed = FREE_BYTES + BYTES_PER_ITEM * items;
        if (counted.getCount() > allowed) {
            throw new EngineException(
                    IngestErrorCode.ZIP_BOMB,
                    ("'%s' inflates to far more data than it holds: its part %s expanded to over %d MB with %d"
                                    + " cells or strings in it (as zip bombs do); it was not read further")
                            .formatted(fileName, part, allowed >> 20, items));
        }
    }
}
