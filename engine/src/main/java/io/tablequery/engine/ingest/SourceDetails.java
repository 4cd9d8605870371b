package io.tablequery.engine.ingest;

import java.util.List;

/**
 * What a reader found out about a file as a whole.
 *
 * @param encoding the detected text encoding (CSV), else null
 * @param delimiter the detected field delimiter (CSV), else null
 * @param notes anything a person should know about the file
 * @param records how a delimited file's lines became records, else null
 */
public record SourceDetails(String encoding, String delimiter, List<String> notes, RecordCounts records) {
    public SourceDetails {
        notes = List.copyOf(notes);
    }

    /**
     * Details of a file that is not made of lines.
     *
     * @param encoding the detected text encoding, or null
     * @param delimiter the detected field delimiter, or null
     * @param notes anything a person should know about the file
     */
    public SourceDetails(String encoding, String delimiter, List<String> notes) {
        this(encoding, delimiter, notes, null);
    }

    /** Details of a file with nothing to say. */
    public static final SourceDetails NONE = new SourceDetails(null, null, List.of());
}
