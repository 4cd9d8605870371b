package io.tablequery.engine.catalog;

import static java.util.Objects.requireNonNull;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * One column of a table.
 *
 * @param name the column name, unique in its table ignoring case
 * @param type the logical type
 * @param source where the values come from: a spreadsheet column letter ({@code C}), a CSV field number ({@code 3})
 *     or a database column name
 * @param references the foreign key the database declares on the column, or null when it declares none (always for
 *     spreadsheets and delimited files)
 */
public record ColumnInfo(
        String name,
        ColumnType type,
        String source,
        @JsonInclude(JsonInclude.Include.NON_NULL) ColumnReference references) {
    public ColumnInfo {
        requireNonNull(name, "name is null");
        requireNonNull(type, "type is null");
        requireNonNull(source, "source is null");
    }

    /** A column without a declared foreign key. */
    public ColumnInfo(String name, ColumnType type, String source) {
        this(name, type, source, null);
    }
}
