package io.tablequery.engine.ingest.layout;

import io.tablequery.engine.ingest.CellRange;
import io.tablequery.engine.ingest.RawRow;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Gives every cell of a vertically merged region in the data the value of the region's top cell, so a label merged
 * over several rows applies to each of them. Only the region's first column is filled: the label sits there.
 */
public final class MergeFiller {
    /** Hears each filled cell. */
    public interface Listener {
        void filled(RawRow row, int column);
    }

    private final List<CellRange> pending;
    private final List<Active> active = new ArrayList<>();
    private int next;

    /** Creates a filler of the merged regions that span rows and start below {@code lastNonDataRow} (titles, header). */
    public MergeFiller(List<CellRange> merges, long lastNonDataRow) {
        this.pending = merges.stream()
                .filter(m -> m.spansRows() && m.firstRow() > lastNonDataRow)
                .sorted(Comparator.comparingLong(CellRange::firstRow))
                .toList();
    }

    boolean isEmpty() {
        return pending.isEmpty();
    }

    /** Gives the cells of a data row under a merged region the region's value, telling the listener of each. */
    public void apply(RawRow row, Listener listener) {
        if (pending.isEmpty()) {
            return;
        }
        long number = row.rowNumber();
        active.removeIf(a -> a.range.lastRow() < number);
        while (next < pending.size() && pending.get(next).firstRow() <= number) {
            CellRange range = pending.get(next++);
            if (range.lastRow() >= number) {
                active.add(new Active(range));
            }
        }
        for (Active a : active) {
            int column = a.range.firstColumn();
            if (number == a.range.firstRow()) {
                a.anchor.reset(number);
                a.anchor.copyCell(0, row, column);
            } else if (row.isBlank(column) && a.anchor.width() > 0) {
                row.copyCell(column, a.anchor, 0);
                listener.filled(row, column);
            }
        }
    }

    private static final class Active {
        final CellRange range;
        final RawRow anchor = new RawRow();

        Active(CellRange range) {
            this.range = range;
        }
    }
}
