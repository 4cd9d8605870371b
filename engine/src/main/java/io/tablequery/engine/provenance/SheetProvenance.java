package io.tablequery.engine.provenance;

import static java.util.Objects.requireNonNull;

import java.util.SortedSet;
import java.util.StringJoiner;
import java.util.TreeSet;

/**
 * The step's rows are computed from whole sheets (a join, GROUP BY, aggregate, DISTINCT or compound query), so they
 * cite the sheets.
 *
 * @param sheets the sheets read, possibly none (a query of constants)
 */
public record SheetProvenance(SortedSet<SheetRef> sheets) implements Provenance {
    public SheetProvenance {
        sheets = new TreeSet<>(requireNonNull(sheets, "sheets is null"));
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
