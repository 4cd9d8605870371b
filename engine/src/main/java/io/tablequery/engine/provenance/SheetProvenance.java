package io.tablequery.engine.provenance;

import static java.util.Objects.requireNonNull;

import java.util.SortedSet;
import java.util.StringJoiner;
import java.util.TreeSet;

/**
 * The step's rows cite the sheets they were computed from, not their rows: lineage could not be carried exactly
 * through the step's SQL (a compound query, a subquery in FROM, ...), so no row is named rather than a wrong one.
 *
 * @param sheets the sheets read, possibly none (a query of constants)
 * @param reason why rows are not cited, for the result's notice; empty when no sheet was read
 */
public record SheetProvenance(SortedSet<SheetRef> sheets, String reason) implements Provenance {
    public SheetProvenance {
        sheets = new TreeSet<>(requireNonNull(sheets, "sheets is null"));
        requireNonNull(reason, "reason is null");
    }

    @Override
    public SortedSet<SheetRef> sheets() {
        return new TreeSet<>(sheets);
    }

    /**
     * Returns the citation shared by every row.
     *
     * @return for example {@code F1S2;F3S1}, or an empty string when no sheet was read
     */
    public String cite() {
        StringJoiner joiner = new StringJoiner(";");
        sheets.forEach(sheet -> joiner.add(sheet.toString()));
        return joiner.toString();
    }
}
