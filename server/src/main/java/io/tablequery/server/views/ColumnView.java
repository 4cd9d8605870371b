package io.tablequery.server.views;

import io.tablequery.engine.catalog.ColumnInfo;

/**
 * A column.
 *
 * @param name the column name
 * @param type the logical type: INTEGER, REAL, TEXT, DATE, TIMESTAMP, BOOLEAN or BLOB
 * @param source the spreadsheet column letter, or the source database column
 */
public record ColumnView(String name, String type, String source) {
    static ColumnView of(ColumnInfo column) {
        return new ColumnView(column.name(), column.type().name(), column.source());
    }
}
