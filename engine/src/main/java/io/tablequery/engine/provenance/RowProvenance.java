package io.tablequery.engine.provenance;

import static java.util.Objects.requireNonNull;

import java.util.List;
import java.util.SortedSet;
import java.util.TreeSet;

/**
 * Each row of the step's table is one row of one sheet, whose row number the table keeps in a hidden column.
 *
 * @param sheet the sheet every row comes from
 * @param rowColumn the hidden column holding each row's R-number
 */
public record RowProvenance(SheetRef sheet, String rowColumn) implements Provenance {
    public RowProvenance {
        requireNonNull(sheet, "sheet is null");
        requireNonNull(rowColumn, "rowColumn is null");
    }

    @Override
    public SortedSet<SheetRef> sheets() {
        return new TreeSet<>(List.of(sheet));
    }

    /**
     * Returns what every row's citation starts with; the citation of row 5 is this and {@code 5}, made in SQL.
     *
     * @return for example {@code F1S2R}
     */
    public String rowPrefix() {
        return sheet + "R";
    }
}
