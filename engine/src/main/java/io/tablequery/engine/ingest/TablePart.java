package io.tablequery.engine.ingest;

/**
 * One table of one sheet of an upload: sheets may hold several.
 *
 * @param sheet the S-number
 * @param part the table's number within the sheet, from 0
 */
public record TablePart(int sheet, int part) {}
