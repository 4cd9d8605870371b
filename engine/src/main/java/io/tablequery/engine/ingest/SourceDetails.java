package io.tablequery.engine.ingest;

import java.util.List;

/**
 * What a reader found out about a file as a whole.
 *
 * @param encoding the detected text encoding (CSV), else null
 * @param delimiter the detected field delimiter (CSV), else null
 * @param notes anything a person should know about the file
 */
public record SourceDetails(String encoding, String delimiter, List<String> notes) {
    public SourceDetails {
        notes = List.copyOf(notes);
    }

    /** Details of a file with nothing to say. */
    public static final SourceDetails NONE = new SourceDetails(null, null, List.of());
}
