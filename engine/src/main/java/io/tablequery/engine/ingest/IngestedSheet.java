package io.tablequery.engine.ingest;

import static java.util.Objects.requireNonNull;

import java.util.List;
import java.util.Optional;

/**
 * What became of one sheet of an uploaded file.
 *
 * @param number the S-number
 * @param name the sheet name
 * @param hidden whether the workbook hides it
 * @param status {@code table}, {@code N tables}, {@code empty...} or {@code skipped: ...}
 * @param tables the tables made from it, in sheet order; empty when it produced none
 * @param emptyRows the rows read whose every cell is blank, which no table keeps
 */
public record IngestedSheet(
        int number, String name, boolean hidden, String status, List<IngestedTable> tables, long emptyRows) {
    public IngestedSheet {
        requireNonNull(name, "name is null");
        requireNonNull(status, "status is null");
        tables = List.copyOf(requireNonNull(tables, "tables is null"));
    }

    /**
     * Finds the table holding a data table's total rows.
     *
     * @param table one of this sheet's data tables
     * @return its totals table, if its totals were moved
     */
    public Optional<IngestedTable> totalsOf(IngestedTable table) {
        return tables.stream()
                .filter(t -> t.role() == TableRole.TOTALS && t.dataPart() == table.part() && t != table)
                .findFirst();
    }

    /**
     * Finds the long form of a data table's crosstab.
     *
     * @param table one of this sheet's data tables
     * @return its long form, if its numbers are a crosstab
     */
    public Optional<IngestedTable> longFormOf(IngestedTable table) {
        return tables.stream()
                .filter(t -> t.role() == TableRole.LONG && t.dataPart() == table.part() && t != table)
                .findFirst();
    }
}
