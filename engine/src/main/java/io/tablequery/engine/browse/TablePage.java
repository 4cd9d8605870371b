package io.tablequery.engine.browse;

import static java.util.Objects.requireNonNull;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * Consecutive rows of a table, in row order, as the SQLite copy holds them.
 *
 * @param table the table's name
 * @param columns its column names
 * @param rows the rows of the page
 * @param totalRows how many rows the table holds
 * @param hasBefore whether rows come before the page
 * @param hasAfter whether rows come after the page
 */
public record TablePage(
        String table, List<String> columns, List<PageRow> rows, long totalRows, boolean hasBefore, boolean hasAfter) {
    public TablePage {
        requireNonNull(table, "table is null");
        columns = List.copyOf(columns);
        rows = List.copyOf(rows);
    }

    /**
     * One row of a page.
     *
     * @param row its row number in its sheet, the {@code R} of its citation
     * @param citation its citation, such as {@code F1S2R17}
     * @param values its values in column order: numbers, text, or null (a BLOB as {@code X'...'} text)
     */
    public record PageRow(long row, String citation, List<Object> values) {
        public PageRow {
            requireNonNull(citation, "citation is null");
            values = Collections.unmodifiableList(new ArrayList<>(values));
        }
    }
}
