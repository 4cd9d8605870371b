package io.tablequery.engine.exec;

import io.tablequery.engine.provenance.LineageQuery;
import io.tablequery.engine.provenance.LineageSummary;
import java.time.Duration;

/**
 * How a session reads a final table's row citations.
 *
 * @param query the table's lineage query in the engine's dialect, or null when it has none
 * @param missing why a table whose rows carry lineage has no query here (it did not translate), or null
 * @param rowNumber how the engine numbers a table's rows from 1 in insertion order: a format of the table's alias
 * @param ranges the most ranges one citation shows
 * @param summaries whether the engine cites from summaries of the rows first ({@link RangeSummaries})
 * @param summary the table's own row summary or row list columns, when it ran with them ({@link LineageSummary}), or
 *     null
 * @param timeout how long listing the rows may take before they cite their sheets instead
 */
record RowLineage(
        LineageQuery query,
        String missing,
        String rowNumber,
        int ranges,
        boolean summaries,
        LineageSummary summary,
        Duration timeout) {
    /** SQLite numbers a temp table's rows by its rowid. */
    static final String SQLITE_ROW_NUMBER = "%s.rowid";
}
