package io.tablequery.engine.plan;

/** Names the hidden columns lineage adds to one step's query levels, none twice. */
final class HiddenNames {
    private final int step;
    private int next;

    /**
     * Names the hidden columns of a step.
     *
     * @param step the step's number
     */
    HiddenNames(int step) {
        this.step = step;
    }

    /** A name of the given kind that no other level of the step uses. */
    String next(String kind) {
        return PlanValidator.HIDDEN_PREFIX + kind + step + "_" + next++;
    }

    /** The name of the final table's row column, where each of its rows is one source row. */
    String row() {
        return PlanValidator.HIDDEN_PREFIX + "row_s" + step;
    }

    /** The name of the step's summary ({@code sum}) or list ({@code list}) column at a position. */
    String summary(String kind, int position) {
        return PlanValidator.HIDDEN_PREFIX + kind + "_s" + step + "_" + position;
    }
}
