package io.tablequery.engine.ingest;

/**
 * Limits and sizes of ingest.
 *
 * @param maxColumns the most columns a table may have (SQLite's limit is 2000)
 * @param sampleRows rows read before the layout and provisional column types are decided
 * @param sampleCells cells read before the layout is decided, whichever comes first
 * @param batchRows rows per batch handed to the storage writers
 * @param coercionExamples examples kept per column and kind of coercion
 * @param maxRecordChars the longest CSV record accepted, in characters
 */
public record IngestSettings(
        int maxColumns, int sampleRows, long sampleCells, int batchRows, int coercionExamples, int maxRecordChars) {
    /** The defaults. */
    public static final IngestSettings DEFAULTS = new IngestSettings(2000, 10_000, 500_000, 4096, 20, 16 << 20);

    public IngestSettings {
        if (maxColumns < 1
                || sampleRows < 1
                || sampleCells < 1
                || batchRows < 1
                || coercionExamples < 0
                || maxRecordChars < 1024) {
            throw new IllegalArgumentException("invalid ingest settings");
        }
    }
}
