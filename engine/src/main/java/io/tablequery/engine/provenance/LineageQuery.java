package io.tablequery.engine.provenance;

import static java.util.Objects.requireNonNull;

import java.util.List;

/**
 * The SQL that lists a step table's lineage in the dialect of the engine that runs it ({@link LineageTree} is its
 * tree): {@code listing} gives {@code o}, {@code f}, {@code s}, {@code r}, reading the stages' temp tables, which are
 * made first, in order.
 *
 * @param stages the queries whose rows are kept in temp tables for the listing
 * @param listing the listing
 * @param unique whether the listing names each source row of a table row once, so need not be made unique
 */
public record LineageQuery(List<Stage> stages, String listing, boolean unique) {
    /** The lineage of a table whose rows name no source rows: it lists nothing. */
    public static final LineageQuery NONE =
            new LineageQuery(List.of(), "SELECT 1 AS o, 1 AS f, 1 AS s, 1 AS r WHERE 1 = 0", true);

    public LineageQuery {
        stages = List.copyOf(requireNonNull(stages, "stages is null"));
        requireNonNull(listing, "listing is null");
    }

    /**
     * A query whose rows a listing reads from a temp table.
     *
     * @param table the temp table's name
     * @param sql the query
     * @param shownRowsOnly whether only the rows of the table rows to be read are kept: the query's first column is
     *     {@code o}, the table row
     */
    public record Stage(String table, String sql, boolean shownRowsOnly) {
        public Stage {
            requireNonNull(table, "table is null");
            requireNonNull(sql, "sql is null");
        }
    }
}
