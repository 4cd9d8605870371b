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
     * Returns the citation of one row.
     *
     * @param rowNumber the R-number
     * @return for example {@code F1S2R5}
     */
    public String cite(long rowNumber) {
        return rowPrefix() + rowNumber;
    }

    /**
     * Returns what every row's citation starts with, for citations made in SQL.
     *
     * @return for example {@code F1S2R}
     */
    public String rowPrefix() {
        return sheet + "R";
    }
}
