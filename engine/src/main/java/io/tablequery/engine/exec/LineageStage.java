package io.tablequery.engine.exec;

import static io.tablequery.dialects.SqlIdentifiers.quote;

import io.tablequery.engine.provenance.LineageQuery;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

/**
 * Keeps the stages of a lineage query in their temp tables while the listing is read, and drops them after: a stage
 * of the table's rows keeps only the rows to be read.
 */
final class LineageStage implements AutoCloseable {
    private final Statement statement;
    private final List<String> tables;

    private LineageStage(Statement statement, List<String> tables) {
        this.statement = statement;
        this.tables = tables;
    }

    /**
     * Keeps the stages of the table's first rows.
     *
     * @param statement the statement the listing will run on
     * @param query the lineage query
     * @param rows the table rows to be read, from 1
     * @return the kept stages, to close when the listing has been read
     * @throws SQLException when the engine fails a stage
     */
    static LineageStage keep(Statement statement, LineageQuery query, long rows) throws SQLException {
        LineageStage kept = new LineageStage(statement, new ArrayList<>());
        try {
            for (LineageQuery.Stage stage : query.stages()) {
                String table = "temp." + quote(stage.table());
                statement.execute("DROP TABLE IF EXISTS " + table);
                kept.tables.add(table);
                statement.execute("CREATE TEMP TABLE " + quote(stage.table()) + " AS SELECT * FROM (" + stage.sql()
                        + ") AS x" + (stage.shownRowsOnly() ? " WHERE o <= " + rows : ""));
            }
        } catch (SQLException e) {
            try {
                kept.close();
            } catch (SQLException dropped) {
                e.addSuppressed(dropped);
            }
            throw e;
        }
        return kept;
    }

    @Override
    public void close() throws SQLException {
        for (String table : tables) {
            statement.execute("DROP TABLE IF EXISTS " + table);
        }
    }
}
