package io.tablequery.engine.provenance;

import static java.util.Objects.requireNonNull;

import io.tablequery.dialects.sql.Query;
import io.tablequery.dialects.sql.SqliteStatement;
import io.tablequery.dialects.sql.Statement;
import java.util.List;

/**
 * A step table's lineage query as SQLite's typed tree ({@link LineageSql}): SQLite runs it as printed, another engine
 * translates the tree itself, which is never printed and parsed again.
 *
 * @param stages the queries whose rows are kept in temp tables for the listing, in order
 * @param listing the listing of {@code o}, {@code f}, {@code s}, {@code r}
 * @param unique whether the listing names each source row of a table row once, so need not be made unique
 */
public record LineageTree(List<Stage> stages, Query listing, boolean unique) {
    public LineageTree {
        stages = List.copyOf(requireNonNull(stages, "stages is null"));
        requireNonNull(listing, "listing is null");
    }

    /**
     * A query whose rows a listing reads from a temp table.
     *
     * @param table the temp table's name
     * @param query the query
     * @param shownRowsOnly whether only the rows of the table rows to be read are kept: the query's first column is
     *     {@code o}, the table row
     */
    public record Stage(String table, Query query, boolean shownRowsOnly) {
        public Stage {
            requireNonNull(table, "table is null");
            requireNonNull(query, "query is null");
        }
    }

    /**
     * Returns a query of the lineage as a statement to translate: its result columns are named by aliases, so it
     * needs no text.
     *
     * @param query the listing or a stage's query
     * @return the statement
     */
    public static SqliteStatement statement(Query query) {
        return SqliteStatement.printed(new Statement.QueryStatement(query), null);
    }

    /**
     * Returns the lineage in SQLite's text, to run on SQLite.
     *
     * @return the lineage query
     */
    public LineageQuery sqlite() {
        return new LineageQuery(
                stages.stream()
                        .map(stage -> new LineageQuery.Stage(
                                stage.table(), statement(stage.query()).sql(), stage.shownRowsOnly()))
                        .toList(),
                statement(listing).sql(),
                unique);
    }
}
