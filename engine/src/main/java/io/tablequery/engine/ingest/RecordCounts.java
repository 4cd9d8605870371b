package io.tablequery.engine.ingest;

/**
 * How a delimited file's lines became records, as its reader counted them: what the upload's report starts its
 * account of the file's lines from.
 *
 * @param lines the file's lines, through its last record
 * @param records the records read (comment lines are not records)
 * @param multiLineRecords records holding quoted line breaks
 * @param multiLineLines the lines those records take
 * @param commentLines lines left out as comments
 * @param hashRecords records kept although they start with {@code #}, as comment lines do: they split into fields as
 *     the other records do
 * @param maxFields the fields of the record that has the most
 */
public record RecordCounts(
        long lines,
        long records,
        long multiLineRecords,
        long multiLineLines,
        long commentLines,
        long hashRecords,
        int maxFields) {}
