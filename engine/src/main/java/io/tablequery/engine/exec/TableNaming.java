package io.tablequery.engine.exec;

import static io.tablequery.dialects.SqlIdentifiers.quote;

import io.tablequery.engine.catalog.TableInfo;
import io.tablequery.engine.store.DuckDbStorage;
import io.tablequery.engine.store.StoredColumn;
import java.util.Optional;

/** How an engine's SQL names the workspace's tables and a plan's step tables. */
public interface TableNaming {
    /** The DuckDB copy: workspace tables in SQLite's representation in {@code tq_sqlite}, steps as temp tables. */
    TableNaming DUCKDB = new TableNaming() {
        @Override
        public String stored(String table) {
            return quote(DuckDbStorage.SQLITE_SCHEMA, table);
        }

        @Override
        public String created(String step) {
            return "temp." + quote(step);
        }

        @Override
        public Optional<String> dateValues(TableInfo table, int column) {
            return DuckDbStorage.dateValues(StoredColumn.of(table), column);
        }
    };

    /**
     * Names a workspace table, whose rows carry SQLite's rowid in a column {@code rowid}.
     *
     * @param table the table's name in the catalog
     * @return the relation, quoted
     */
    String stored(String table);

    /**
     * Names a table an earlier step of the plan created.
     *
     * @param step the step's table name
     * @return the relation, quoted
     */
    String created(String step);

    /**
     * Names the column of a workspace table's relation that holds a DATE column's values as dates, beside the column
     * of their text, where the engine's relation has one.
     *
     * @param table the table
     * @param column the DATE column's index
     * @return the column's name, or empty
     */
    default Optional<String> dateValues(TableInfo table, int column) {
        return Optional.empty();
    }
}
