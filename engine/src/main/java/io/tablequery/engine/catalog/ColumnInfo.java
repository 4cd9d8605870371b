package io.tablequery.engine.catalog;

import static java.util.Objects.requireNonNull;

/**
 * One column of a table.
 *
 * @param name the column name, unique in its table ignoring case
 * @param type the logical type
 * @param source where the values come from: a spreadsheet column letter ({@code C}), a CSV field number ({@code 3})
 *     or a database column name
 */
public record ColumnInfo(String name, ColumnType type, String source) {
    public ColumnInfo {
        requireNonNull(name, "name is null");
        requireNonNull(type, "type is null");
        requireNonNull(source, "source is null");
    }
}
