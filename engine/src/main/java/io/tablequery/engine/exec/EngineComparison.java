package io.tablequery.engine.exec;

import java.util.List;

/**
 * How the SQLite and DuckDB runs of one plan compare, final table by final table ({@code engine both}).
 *
 * @param note why the engines were not compared, or null when they were
 * @param tables one entry per final table, in step order
 */
public record EngineComparison(String note, List<TableComparison> tables) {
    public EngineComparison {
        tables = List.copyOf(tables);
    }

    /**
     * One final table on both engines.
     *
     * @param table the table's name
     * @param sqliteRows its rows on SQLite
     * @param duckdbRows its rows on DuckDB
     * @param inOrder whether rows were compared in SQLite's order (the step orders them) or as unordered sets
     * @param comparedRows how many rows were compared
     * @param difference the first difference, a different row count first, or null when the tables agree
     * @param reordered whether the rows agree only as a set: rows whose sort keys tie came in another order, which
     *     SQL leaves open
     */
    public record TableComparison(
            String table,
            long sqliteRows,
            long duckdbRows,
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
            return difference == null && sqliteRows == duckdbRows;
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

    private static String describe(TableComparison table) {
        String how = table.inOrder() ? "in SQLite's order" : "as unordered rows (the step has no ORDER BY)";
        if (table.identical()) {
            return "identical on sqlite and duckdb, %,d rows compared %s".formatted(table.comparedRows(), how);
        }
        if (table.sameRows()) {
            return ("the same %,d rows on sqlite and duckdb, but rows whose sort keys tie come in another order"
                            + " (SQL leaves it open)")
                    .formatted(table.comparedRows());
        }
        if (table.difference() != null) {
            return "DIFFERENT: " + table.difference() + " (rows compared " + how + ")";
        }
        return "DIFFERENT: sqlite returned %,d rows, duckdb %,d".formatted(table.sqliteRows(), table.duckdbRows());
    }
}
