package io.tablequery.engine.ingest.csv;

import static java.util.Objects.requireNonNull;

import java.nio.charset.Charset;

/**
 * A detected text encoding.
 *
 * @param charset the charset to decode with
 * @param bomLength bytes of byte-order mark to skip
 * @param name how to name it in the report, for example {@code UTF-8 with BOM}
 */
record TextEncoding(Charset charset, int bomLength, String name) {
    TextEncoding {
        requireNonNull(charset, "charset is null");
        requireNonNull(name, "name is null");
    }
}
