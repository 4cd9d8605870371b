package io.tablequery.engine.ingest.csv;

import de.siegmar.fastcsv.reader.CsvRecord;
import io.tablequery.engine.ingest.RecordCounts;
import java.util.Comparator;
import java.util.HashMap;
import java.util.Map;

/**
 * How a CSV's lines became its records, counted as they are read: records spanning several lines (quoted line
 * breaks), comment lines skipped, and the field count most single-line records have. From them the upload says its
 * line and record counts and why they differ ({@link RecordCounts}), and tells quotes that swallow lines from quotes
 * that quote.
 */
final class CsvLines {
    /** How many single-line records are looked at for fields that only quotes can hold. */
    private static final int QUOTING_SAMPLE = 10_000;

    /** Single-line records by their field count. */
    private final Map<Integer, long[]> singleLineFields = new HashMap<>();
    /** Records over several lines by their field count: records and lines. */
    private final Map<Integer, long[]> multiLineFields = new HashMap<>();
    /**
     * Records over three lines or more each of whose lines, read with the quotes as text, would be a record of the
     * same field count, by that count: records and lines.
     */
    private final Map<Integer, long[]> wholeLines = new HashMap<>();

    private long records;
    private long comments;
    private long hashRecords;
    private int maxFields;
    private boolean quotingNeeded;
    private int quotingChecked;
    private long previousStart;
    /** The last data record (not blank, not a comment), until the next record closes it; null otherwise. */
    private CsvRecord previous;

    private final char delimiter;
    private final char quote;
    private long lines;

    /**
     * Starts a count.
     *
     * @param delimiter the field delimiter
     * @param quote the quote character
     */
    CsvLines(char delimiter, char quote) {
        this.delimiter = delimiter;
        this.quote = quote;
    }

    /**
     * Counts one record.
     *
     * @param record the record as FastCSV read it
     */
    void add(CsvRecord record) {
        close(record.getStartingLineNumber());
        previousStart = record.getStartingLineNumber();
        if (record.isComment()) {
            comments++;
            previous = null;
            return;
        }
        records++;
        int fields = record.getFieldCount();
        maxFields = Math.max(maxFields, fields);
        if (record.getField(0).startsWith("#")) {
            hashRecords++;
        }
        if (fields == 1 && record.getField(0).isEmpty()) {
            previous = null;
            return;
        }
        previous = record;
    }

    /** Closes the count at the end of the file. */
    void finish() {
        if (previousStart == 0) {
            return;
        }
        long span = 1;
        if (previous != null) {
            for (int i = 0; i < previous.getFieldCount(); i++) {
                span += previous.getField(i).chars().filter(c -> c == '\n').count();
            }
        }
        close(previousStart + span);
    }

    /** The record before this one ends on the line before {@code nextStart}. */
    private void close(long nextStart) {
        if (previousStart == 0) {
            return;
        }
        long span = nextStart - previousStart;
        lines = nextStart - 1;
        if (previous == null) {
            return;
        }
        int previousFields = previous.getFieldCount();
        if (span > 1) {
            long[] counts = multiLineFields.computeIfAbsent(previousFields, k -> new long[2]);
            counts[0]++;
            counts[1] += span;
            // Two lines that both look like records may be one record with a line break; three or more are taken
            // for records a quote swallowed.
            if (span >= 3 && fieldsPerLine(previous) == previousFields) {
                long[] whole = wholeLines.computeIfAbsent(previousFields, k -> new long[2]);
                whole[0]++;
                whole[1] += span;
            }
        } else {
            singleLineFields.computeIfAbsent(previousFields, k -> new long[1])[0]++;
            if (!quotingNeeded && quotingChecked++ < QUOTING_SAMPLE) {
                for (int i = 0; i < previous.getFieldCount(); i++) {
                    String field = previous.getField(i);
                    if (field.indexOf(delimiter) >= 0 || field.indexOf(quote) >= 0) {
                        quotingNeeded = true;
                        break;
                    }
                }
            }
        }
    }

    /** The file's lines, as counted through its last record. */
    long lines() {
        return lines;
    }

    /** The records read, blank ones included, comments not. */
    long records() {
        return records;
    }

    /** The field count most single-line records have, 0 when there are none. */
    int usualFields() {
        return singleLineFields.entrySet().stream()
                .max(Comparator.<Map.Entry<Integer, long[]>>comparingLong(entry -> entry.getValue()[0])
                        .thenComparing(Map.Entry.comparingByKey()))
                .map(Map.Entry::getKey)
                .orElse(0);
    }

    /**
     * The field count every line of a record over several lines would have with its quotes read as text, or -1 when
     * its lines differ: a quote that opened in one record and closed in a later one leaves whole records between.
     */
    private int fieldsPerLine(CsvRecord record) {
        int lineFields = 1;
        int first = -1;
        for (int i = 0; i < record.getFieldCount(); i++) {
            if (i > 0) {
                lineFields++;
            }
            String field = record.getField(i);
            for (int c = 0; c < field.length(); c++) {
                char ch = field.charAt(c);
                if (ch == delimiter) {
                    lineFields++;
                } else if (ch == '\n') {
                    if (first < 0) {
                        first = lineFields;
                    } else if (lineFields != first) {
                        return -1;
                    }
                    lineFields = 1;
                }
            }
        }
        return lineFields == first ? first : -1;
    }

    /**
     * Records over several lines that quotes swallowed: those whose field count is not the usual one, and those each
     * of whose lines holds the usual field count as a record would.
     */
    long strayRecords() {
        return stray(0);
    }

    /** The lines those records took. */
    long strayLines() {
        return stray(1);
    }

    private long stray(int what) {
        int usual = usualFields();
        long unusual = multiLineFields.entrySet().stream()
                .filter(entry -> entry.getKey() != usual)
                .mapToLong(entry -> entry.getValue()[what])
                .sum();
        long[] whole = usual >= 2 ? wholeLines.get(usual) : null;
        return unusual + (whole == null ? 0 : whole[what]);
    }

    /**
     * Whether one of the first {@value #QUOTING_SAMPLE} single-line records holds a field that only quotes can hold (the delimiter or the quote character),
     * which shows the file's quotes do quote.
     */
    boolean quotingNeeded() {
        return quotingNeeded;
    }

    /**
     * The counts, for the upload's account of the file's lines.
     *
     * @return the counts
     */
    RecordCounts counts() {
        long multiLineRecords =
                multiLineFields.values().stream().mapToLong(counts -> counts[0]).sum();
        long multiLineLines =
                multiLineFields.values().stream().mapToLong(counts -> counts[1]).sum();
        return new RecordCounts(lines, records, multiLineRecords, multiLineLines, comments, hashRecords, maxFields);
    }
}
