package io.tablequery.engine.ingest;

import io.tablequery.engine.ingest.layout.TablePlan;
import java.util.List;

/** What became of a sheet after one read. */
sealed interface SheetOutcome {
    /**
     * The sheet became tables, written to both copies: a table for each table stacked in it, each followed by the
     * table of its total rows when it had verified totals.
     *
     * @param tables the tables, in order
     */
    record Tables(List<IngestedTable> tables) implements SheetOutcome {
        public Tables {
            tables = List.copyOf(tables);
        }
    }

    /**
     * The sheet holds no table.
     *
     * @param reason why, in words
     */
    record Empty(String reason) implements SheetOutcome {}

    /**
     * The sheet must be read again: its merged regions or its full data changed what the first read assumed.
     *
     * @param merges the merged regions, known now
     * @param plan the settled columns, or null when the layout must be detected again
     */
    record Replay(List<CellRange> merges, TablePlan plan) implements SheetOutcome {}
}
