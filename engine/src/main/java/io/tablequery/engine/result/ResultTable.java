package io.tablequery.engine.result;

import static java.util.Objects.requireNonNull;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * One final table as shown: its columns ({@code __src} last), the rows that fit the ceilings, and how many were left
 * out.
 *
 * @param step the step that made it
 * @param name the step's destine_table_name
 * @param description the step's destine_table_description
 * @param columns the column names, {@code __src} last
 * @param rows the shown rows; a cell is null for SQL NULL
 * @param totalRows every row of the table
 * @param cutCells how many shown cells were cut to the cell ceiling
 * @param truncation why rows were left out, if they were
 */
public record ResultTable(
        int step,
        String name,
        String description,
        List<String> columns,
        List<List<String>> rows,
        long totalRows,
        int cutCells,
        Truncation truncation) {
    public ResultTable {
        requireNonNull(name, "name is null");
        requireNonNull(description, "description is null");
        columns = List.copyOf(requireNonNull(columns, "columns is null"));
        List<List<String>> copy = new ArrayList<>();
        for (List<String> row : requireNonNull(rows, "rows is null")) {
            copy.add(Collections.unmodifiableList(new ArrayList<>(row)));
        }
        rows = Collections.unmodifiableList(copy);
        requireNonNull(truncation, "truncation is null");
    }

    /**
     * Returns how many rows are shown.
     *
     * @return the shown rows
     */
    public int shownRows() {
        return rows.size();
    }

    /**
     * Returns how many rows were left out.
     *
     * @return total minus shown
     */
    public long omittedRows() {
        return totalRows - rows.size();
    }

    /**
     * Returns the table as RFC 4180 CSV with a header line.
     *
     * @return the CSV text
     */
    public String csv() {
        StringBuilder out = new StringBuilder();
        CsvText.appendRecord(out, columns);
        rows.forEach(row -> CsvText.appendRecord(out, row));
        return out.toString();
    }
}
