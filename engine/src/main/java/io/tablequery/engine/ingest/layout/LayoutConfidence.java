package io.tablequery.engine.ingest.layout;

import io.tablequery.engine.catalog.ColumnType;
import io.tablequery.engine.ingest.values.ColumnStats;
import io.tablequery.engine.ingest.values.ValueClass;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Says when a table's layout may not be a table at all, so that the agent looks at its rows before trusting an
 * aggregate over it. Four signs, each from what ingest already counted: most columns named after one cell (a title
 * taken for a header), label/value pairs (a form), a mostly empty grid (a report laid out for print), and columns
 * mixing numbers with text (rows that do not share one layout).
 */
public final class LayoutConfidence {
    private static final double SPARSE = 0.25;

    private LayoutConfidence() {}

    /**
     * Finds the signs.
     *
     * @param layout where the table sits
     * @param plan its columns
     * @param stats the classes of its values, by source column
     * @param rows its data rows
     * @return one sentence per sign, empty when the table looks like a table
     */
    public static List<String> warnings(Layout layout, TablePlan plan, List<ColumnStats> stats, long rows) {
        List<String> warnings = new ArrayList<>();
        List<ColumnPlan> columns = plan.columns();
        if (columns.isEmpty()) {
            return warnings;
        }
        sharedName(layout, columns.size()).ifPresent(warnings::add);
        if (columns.size() >= 2 && columns.size() <= 3 && rows >= 3 && isForm(columns, stats)) {
            warnings.add("its first column holds labels and the next values of different kinds: a form of"
                    + " label/value pairs rather than a table; read each row as one pair");
        }
        long cells = 0;
        int mixed = 0;
        for (ColumnPlan column : columns) {
            ColumnStats s = statsOf(stats, column);
            cells += s.present();
            if (column.type() == ColumnType.TEXT && numbers(s) > 0 && s.count(ValueClass.TEXT) > 0) {
                mixed++;
            }
        }
        if (rows >= 3 && columns.size() >= 4 && cells < SPARSE * rows * columns.size()) {
            warnings.add("only %d%% of its cells hold a value: a report or form laid out for reading, not a table"
                    .formatted(Math.round(100.0 * cells / ((double) rows * columns.size()))));
        }
        if (mixed >= 2 && mixed * 2 >= columns.size()) {
            warnings.add("%d of its %d columns mix numbers with text: its rows may not share one layout"
                    .formatted(mixed, columns.size()));
        }
        return warnings;
    }

    private static Optional<String> sharedName(Layout layout, int columns) {
        Map<String, Integer> counts = new HashMap<>();
        layout.headerNames().values().forEach(name -> counts.merge(name, 1, Integer::sum));
        return counts.entrySet().stream()
                .filter(e -> e.getValue() >= 3 && e.getValue() * 2 > columns)
                .findFirst()
                .map(e -> "%d of its %d columns are named after the same cell ('%s'), which reads like a title, not a"
                                .formatted(e.getValue(), columns, e.getKey())
                        + " header");
    }

    private static boolean isForm(List<ColumnPlan> columns, List<ColumnStats> stats) {
        ColumnStats labels = statsOf(stats, columns.get(0));
        ColumnStats values = statsOf(stats, columns.get(1));
        if (labels.present() == 0 || labels.count(ValueClass.TEXT) != labels.present()) {
            return false;
        }
        long text = values.count(ValueClass.TEXT);
        long typed = values.present() - text;
        return text > 0 && typed > 0 && Math.min(text, typed) * 5 >= values.present();
    }

    private static long numbers(ColumnStats s) {
        return s.count(ValueClass.INT) + s.count(ValueClass.REAL);
    }

    private static ColumnStats statsOf(List<ColumnStats> stats, ColumnPlan column) {
        int source = column.sourceIndex();
        return source < stats.size() && stats.get(source) != null ? stats.get(source) : new ColumnStats();
    }
}
