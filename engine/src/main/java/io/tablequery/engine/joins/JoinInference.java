package io.tablequery.engine.joins;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Infers joins between tables from their names and column profiles. A key is a column of integers or text that
 * holds each value once and no NULL, in a table of at least two rows, whose name names a key ({@link KeyNames}). A
 * column of another table joins it when its name is the key's name (or ends, at a word boundary, in it), or, for a
 * bare key word such as {@code id} or {@code Code}, the key table's name followed by it ({@code CountryCode} joins
 * {@code country.Code}), or the key table's name alone ({@code patient} joins {@code patients.ssn}); and when its
 * values may all be the key's ({@link ValueContainment}). Nothing is inferred between two tables that both come from
 * databases declaring foreign keys: their schemas say how their tables join. A name that more than {@link
 * #MAX_NAMESAKES} keys share says too little and is passed over, which also bounds the cost: one map lookup per
 * column and word ending. The whole name is looked up first; a shorter ending only when the longer names joined
 * nothing.
 */
final class JoinInference {
    static final int MAX_NAMESAKES = 8;

    private record Named(TableKeys table, TableKeys.Key key) {}

    private JoinInference() {}

    static List<TableJoin> infer(Collection<TableKeys> tables, Set<Integer> declaringFiles) {
        Map<String, List<Named>> keys = new HashMap<>();
        for (TableKeys table : tables) {
            for (TableKeys.Key key : table.keys()) {
                key.names().forEach(name -> keys.computeIfAbsent(name, k -> new ArrayList<>())
                        .add(new Named(table, key)));
            }
        }
        List<TableJoin> joins = new ArrayList<>();
        Set<String> pairs = new HashSet<>();
        for (TableKeys table : tables) {
            for (TableKeys.Reference column : table.references()) {
                for (String lookup : column.lookups()) {
                    List<Named> named = keys.getOrDefault(lookup, List.of());
                    int found = joins.size();
                    if (named.size() <= MAX_NAMESAKES) {
                        for (Named key : named) {
                            if (joins(table, column, key, declaringFiles) && pairs.add(pair(table, column, key))) {
                                joins.add(new TableJoin(
                                        table.table().name(),
                                        column.column().name(),
                                        key.table().table().name(),
                                        key.key().column().name(),
                                        JoinKind.INFERRED));
                            }
                        }
                    }
                    if (joins.size() > found) {
                        break;
                    }
                }
            }
        }
        return joins;
    }

    private static boolean joins(TableKeys table, TableKeys.Reference column, Named key, Set<Integer> declaringFiles) {
        if (key.table() == table || key.key().column().type() != column.column().type()) {
            return false;
        }
        boolean declared = declaringFiles.contains(table.table().fileNumber())
                && declaringFiles.contains(key.table().table().fileNumber());
        return !declared
                && ValueContainment.within(
                        column.profile(), key.key().profile(), column.column().type());
    }

    /**
     * The same two columns either way round: two key columns holding the same values join once, not twice.
     */
    private static String pair(TableKeys table, TableKeys.Reference column, Named key) {
        String one = KeyNames.key(table.table().name()) + "."
                + KeyNames.key(column.column().name());
        String other = KeyNames.key(key.table().table().name()) + "."
                + KeyNames.key(key.key().column().name());
        return one.compareTo(other) < 0 ? one + "=" + other : other + "=" + one;
    }
}
