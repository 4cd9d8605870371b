package io.tablequery.engine.ingest.values;

import static java.util.Objects.requireNonNull;

import java.util.List;

/**
 * How often one kind of coercion happened in one column, with examples.
 *
 * @param column the column name
 * @param kind the coercion
 * @param description the coercion in words
 * @param count how many cells it changed
 * @param examples the first cells it changed
 */
public record CoercionReport(
        String column, CoercionKind kind, String description, long count, List<CoercionExample> examples) {
    public CoercionReport {
        requireNonNull(column, "column is null");
        requireNonNull(kind, "kind is null");
        examples = List.copyOf(requireNonNull(examples, "examples is null"));
    }
}
