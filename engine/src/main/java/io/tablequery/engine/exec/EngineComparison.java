package io.tablequery.engine.exec;

import java.util.List;

/**
 * How two engines' runs of one plan compare, final table by final table ({@code engine both}).
 *
 * @param engines the engine whose answer is shown, then the engine it is checked against
 * @param note why the engines were not compared, or null when they were
 * @param tables one entry per final table, in step order
 */
public record EngineComparison(List<String> engines, String note, List<TableComparison> tables) {
    public EngineComparison {
        engines = List.copyOf(engines);
        tables = List.copyOf(tables);
        if (engines.size() != 2) {
            throw new IllegalArgumentException("a comparison is of two engines, not " + engines);
        }
    }

    /**
     * One final table on both engines.
     *
     * @param table the table's name
     * @param firstRows its rows on the first engine
     * @param secondRows its rows on the second engine
     * @param inOrder whether rows were compared in SQLite's order (the step orders them) or as unordered sets
     * @param comparedRows how many rows were compared
     * @param difference the first difference, a different row count first, or null when the tables agree
     * @param reordered whether the rows agree only as a set: rows whose sort keys tie came in another order, which
     *     SQL leaves open
     */
    public record TableComparison(
            String table,
            long firstRows,
            long secondRows,
            boolean inOrder,
            long comparedRows,
            String difference,
            boolean reordered) {
        /**
         * Tells whether both engines returned the same table, row for row.
         *
         * @return true when counts and compared rows agree in order
         */
        public boolean identical() {
            return sameRows() && !reordered;
        }

        /**
         * Tells whether both engines returned the same rows, perhaps with ties in another order.
         *
         * @return true when counts and compared rows agree
         */
        public boolean sameRows() {
            return difference == null && firstRows == secondRows;
        }
    }

    /**
     * Tells whether every final table agrees.
     *
     * @return true when compared and identical
     */
    public boolean identical() {
        return note == null && tables.stream().allMatch(TableComparison::identical);
    }

    /**
     * Describes the comparison in one line per table.
     *
     * @return the lines
     */
    public List<String> lines() {
        if (note != null) {
            return List.of("not compared: " + note);
        }
        return tables.stream()
                .map(table -> "%s: %s".formatted(table.table(), describe(table)))
                .toList();
    }

    private String describe(TableComparison table) {
        String first = engines.get(0);
        String second = engines.get(1);
        String how = table.inOrder() ? "in SQLite's order" : "as unordered rows (the step has no ORDER BY)";
        if (table.identical()) {
            return "identical on %s and %s, %,d rows compared %s".formatted(first, second, table.comparedRows(), how);
        }
        if (table.sameRows()) {
            return ("the same %,d rows on %s and %s, but rows whose sort keys tie come in another order"
                            + " (SQL leaves it open)")
                    .formatted(table.comparedRows(), first, second);
        }
        if (table.difference() != null) {
            return "DIFFERENT: " + table.difference() + " (rows compared " + how + ")";
        }
        return "DIFFERENT: %s returned %,d rows, %s %,d"
                .formatted(first, table.firstRows(), second, table.secondRows());
    }
}
