package io.tablequery.engine.ingest.layout;

import io.tablequery.engine.ingest.RawRow;
import java.util.List;

/**
 * Fills down the group labels a layout found written once per group ({@link Layout#fillDown()}): a blank cell of such
 * a column takes the label last seen above it in the same table, so {@code WHERE Class = '1st'} finds every row of
 * the group and not only its first. The columns are the leading row-header columns but the last, which stays as
 * written.
 */
public final class GroupFiller {
    private final int[] columns;
    private final RawRow labels = new RawRow();
    private final boolean[] seen;

    /** Creates a filler of the given 0-based source columns. */
    public GroupFiller(List<Integer> columns) {
        this.columns = columns.stream().mapToInt(Integer::intValue).toArray();
        this.seen = new boolean[this.columns.length];
    }

    /**
     * Fills the row's blank group-label cells, telling the listener of each, when the row has a label in the row-header
     * column right of them that is not a total's (a row without one, or a subtotal, is not a member of a group);
     * remembers the labels it holds.
     */
    public void apply(RawRow row, MergeFiller.Listener listener) {
        if (columns.length == 0) {
            return;
        }
        boolean member = !row.isBlank(columns[columns.length - 1] + 1) && !TotalsTracker.labelled(row);
        for (int k = 0; k < columns.length; k++) {
            int column = columns[k];
            if (!row.isBlank(column)) {
                labels.copyCell(k, row, column);
                seen[k] = true;
            } else if (seen[k] && member) {
                row.copyCell(column, labels, k);
                listener.filled(row, column);
            }
        }
    }
}
