package io.tablequery.engine.provenance;

import static java.util.Objects.requireNonNull;

import java.util.List;
import java.util.SortedSet;
import java.util.TreeSet;

/**
 * Each row of the step's table comes from one combination of source rows (a join, or a row of an earlier aggregate
 * step), named by hidden columns the table keeps.
 *
 * @param slots the hidden columns, as the step's table names them
 * @param sheets every sheet the slots can cite
 */
public record RowSetProvenance(List<Slot> slots, SortedSet<SheetRef> sheets) implements Provenance {
    public RowSetProvenance {
        slots = List.copyOf(requireNonNull(slots, "slots is null"));
        sheets = new TreeSet<>(requireNonNull(sheets, "sheets is null"));
    }

    @Override
    public SortedSet<SheetRef> sheets() {
        return new TreeSet<>(sheets);
    }
}
