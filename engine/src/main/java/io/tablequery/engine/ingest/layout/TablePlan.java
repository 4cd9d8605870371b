package io.tablequery.engine.ingest.layout;

import static java.util.Objects.requireNonNull;

import io.tablequery.engine.store.StoredColumn;
import java.util.Arrays;
import java.util.List;

/**
 * The columns a sheet becomes, with their names and types, and notes on how they were named.
 *
 * @param columns the columns in order
 * @param notes naming notes for the ingest report (blank and duplicate headers)
 */
public record TablePlan(List<ColumnPlan> columns, List<String> notes) {
    public TablePlan {
        columns = List.copyOf(requireNonNull(columns, "columns is null"));
        notes = List.copyOf(requireNonNull(notes, "notes is null"));
    }

    /** The columns as the storage writers create them. */
    public List<StoredColumn> storedColumns() {
        return columns.stream()
                .map(c -> new StoredColumn(c.name(), c.type(), c.sqliteType()))
                .toList();
    }

    /** Maps each source column to its plan index, -1 for source columns the plan leaves out. */
    public int[] indexBySource() {
        int max = columns.stream().mapToInt(ColumnPlan::sourceIndex).max().orElse(-1);
        int[] index = new int[max + 1];
        Arrays.fill(index, -1);
        for (int i = 0; i < columns.size(); i++) {
            index[columns.get(i).sourceIndex()] = i;
        }
        return index;
    }
}
