package io.tablequery.engine.ingest.report;

import io.tablequery.engine.ingest.layout.ColumnPlan;
import io.tablequery.engine.ingest.values.CoercionExample;
import io.tablequery.engine.ingest.values.CoercionKind;
import io.tablequery.engine.ingest.values.CoercionReport;
import java.util.ArrayList;
import java.util.List;

/** Counts the coercions of one table by column and kind, keeping the first examples of each. */
public final class CoercionLog {
    private static final CoercionKind[] KINDS = CoercionKind.values();

    private final List<ColumnPlan> columns;
    private final int maxExamples;
    private final long[][] counts;
    private final List<List<List<CoercionExample>>> examples = new ArrayList<>();

    /** Creates a log for a table's columns, keeping at most {@code maxExamples} examples of each kind. */
    public CoercionLog(List<ColumnPlan> columns, int maxExamples) {
        this.columns = columns;
        this.maxExamples = maxExamples;
        this.counts = new long[columns.size()][KINDS.length];
        for (int c = 0; c < columns.size(); c++) {
            List<List<CoercionExample>> byKind = new ArrayList<>();
            for (int k = 0; k < KINDS.length; k++) {
                byKind.add(new ArrayList<>());
            }
            examples.add(byKind);
        }
    }

    /** Counts one coercion; returns whether the caller should supply an example. */
    public boolean count(int column, CoercionKind kind) {
        return ++counts[column][kind.ordinal()] <= maxExamples;
    }

    /** Keeps an example of a coercion, when {@link #count} said to. */
    public void example(int column, CoercionKind kind, String cell, String original, String stored) {
        examples.get(column).get(kind.ordinal()).add(new CoercionExample(cell, original, stored));
    }

    /** What was coerced, by column and kind, with the examples kept. */
    public List<CoercionReport> reports() {
        List<CoercionReport> reports = new ArrayList<>();
        for (int c = 0; c < columns.size(); c++) {
            for (CoercionKind kind : KINDS) {
                long count = counts[c][kind.ordinal()];
                if (count > 0) {
                    reports.add(new CoercionReport(
                            columns.get(c).name(),
                            kind,
                            kind.description(),
                            count,
                            examples.get(c).get(kind.ordinal())));
                }
            }
        }
        return reports;
    }
}
