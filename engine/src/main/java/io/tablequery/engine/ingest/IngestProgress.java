package io.tablequery.engine.ingest;

/**
 * How far an ingest has got.
 *
 * @param fileName the file being ingested
 * @param sheetName the sheet being read, or null between sheets
 * @param done units read so far (bytes for files, tables for databases)
 * @param total the total units, or -1 if unknown
 */
public record IngestProgress(String fileName, String sheetName, long done, long total) {}
