package io.tablequery.engine.provenance;

import static java.util.Objects.requireNonNull;

import io.tablequery.dialects.sql.SqliteStatement;
import java.util.List;

/**
 * A step whose rows are groups of source rows, in the form an engine that has the row summary aggregates ({@code
 * SqlDialect.ROW_SUMMARY}, {@code SqlDialect.ROW_LIST}) runs instead: the step's statement with one more hidden column
 * per source, computed in the same pass as the answer, so that most rows need no second reading of the sources to be
 * cited. A summary (sources of distinct sheets, few groups) holds each group's count, largest and smallest R-numbers
 * of that source; a list (more groups, whose second reading would run more than a scan of one table: a join, a
 * subquery) holds all of them. SQLite runs the step as written.
 *
 * @param executed the statement with the summary columns
 * @param columns the summary columns, one per source
 * @param lists whether the columns are lists of every R-number of the group rather than summaries
 */
public record LineageSummary(SqliteStatement executed, List<Column> columns, boolean lists) {
    /** How many of a group's smallest R-numbers the summary keeps: eight per range a citation shows by default. */
    public static final int SMALLEST = smallest(RowCitation.DEFAULT_RANGES);

    public LineageSummary {
        requireNonNull(executed, "executed is null");
        columns = List.copyOf(requireNonNull(columns, "columns is null"));
    }

    /**
     * How many of a group's smallest R-numbers decide the first ranges of its citation: eight per range shown, and
     * eight.
     *
     * @param ranges the most ranges one citation shows
     * @return the count
     */
    public static int smallest(int ranges) {
        return 8 * ranges + 8;
    }

    /**
     * One source's summary column.
     *
     * @param sheet the source's sheet
     * @param name the column's name
     * @param once for a list, whether it holds each of its sheet's rows at most once (else the listing makes them
     *     unique); false for a summary
     * @param single whether the group has at most one row of the sheet, which the column holds as its R-number (NULL
     *     for none) in place of a summary or a list
     */
    public record Column(SheetRef sheet, String name, boolean once, boolean single) {
        public Column {
            requireNonNull(sheet, "sheet is null");
            requireNonNull(name, "name is null");
        }
    }
}
