package io.tablequery.engine.result;

import static java.util.Objects.requireNonNull;

import java.util.List;

/**
 * What a final table is, before its rows are read.
 *
 * @param step the step that made it
 * @param name the step's destine_table_name
 * @param description the step's destine_table_description
 * @param columns the column names, {@code __src} last
 */
public record ResultHeader(int step, String name, String description, List<String> columns) {
    public ResultHeader {
        requireNonNull(name, "name is null");
        requireNonNull(description, "description is null");
        columns = List.copyOf(requireNonNull(columns, "columns is null"));
    }
}
