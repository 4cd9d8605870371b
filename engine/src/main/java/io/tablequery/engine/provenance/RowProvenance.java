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
 * @param stride how many rows may share an R-number: 1, or for rows of a crosstab's long form its stride ({@link
 *     Slot.Direct})
 */
public record RowProvenance(SheetRef sheet, String rowColumn, int stride) implements Provenance {
    public RowProvenance {
        requireNonNull(sheet, "sheet is null");
        requireNonNull(rowColumn, "rowColumn is null");
        if (stride < 1) {
            throw new IllegalArgumentException("stride is below 1: " + stride);
        }
    }

    /** Rows each of which has an R-number of its own. */
    public RowProvenance(SheetRef sheet, String rowColumn) {
        this(sheet, rowColumn, 1);
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
