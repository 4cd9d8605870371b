package io.tablequery.engine.provenance;

import static java.util.Objects.requireNonNull;

import io.tablequery.dialects.sql.Query;
import java.util.List;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeSet;

/**
 * Each row of the step's table stands for a group of source rows (GROUP BY, an aggregate, DISTINCT): the rows of
 * the step's {@code FROM} that pass its {@code WHERE} and share the row's key. The key is kept in the table (hidden
 * columns for an aggregate, after a marker column that is 1 on every row; the visible columns for DISTINCT), and the
 * witness query lists every contributing combination of source rows with its key.
 *
 * @param tableKeys the columns of the step's table that hold each row's key, marker first when there is one
 * @param witness a query over the step's sources, as SQLite's tree with its result columns named by aliases: its
 *     first columns are the key, named {@code k0, k1, ...} in the order of {@code tableKeys}, then the slots' columns
 * @param slots the source rows each witness row names, as the witness query names its columns
 * @param sheets every sheet the slots can cite
 * @param marked whether the first key is the marker, which a missing group (an outer join's other side) leaves NULL
 * @param neverNull the positions of the keys that no witness row leaves NULL (the marker, a column whose profile
 *     counts no NULL, read without an outer join): a group is found by {@code =} on them, which lets an engine narrow
 *     the witness's scan to the keys looked up, where {@code IS} (NULL matching NULL) does not
 */
public record GroupProvenance(
        List<String> tableKeys,
        Query witness,
        List<Slot> slots,
        SortedSet<SheetRef> sheets,
        boolean marked,
        Set<Integer> neverNull)
        implements Provenance {
    public GroupProvenance {
        tableKeys = List.copyOf(requireNonNull(tableKeys, "tableKeys is null"));
        requireNonNull(witness, "witness is null");
        slots = List.copyOf(requireNonNull(slots, "slots is null"));
        sheets = new TreeSet<>(requireNonNull(sheets, "sheets is null"));
        neverNull = Set.copyOf(requireNonNull(neverNull, "neverNull is null"));
        if (marked && !neverNull.contains(0)) {
            throw new IllegalArgumentException("a marked group's marker, key 0, must be among the keys never NULL");
        }
    }

    @Override
    public SortedSet<SheetRef> sheets() {
        return new TreeSet<>(sheets);
    }

    /** The name of the witness query's key column {@code i}. */
    public static String witnessKey(int i) {
        return "k" + i;
    }
}
