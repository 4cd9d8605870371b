package io.tablequery.engine.ingest;

import io.tablequery.engine.store.StoredColumn;
import io.tablequery.engine.store.TableWriter;
import java.util.List;

/** Opens the storage writer of one of a sheet's tables; the workspace binds it to the upload's databases. */
@FunctionalInterface
public interface TableWriterFactory {
    /**
     * Opens a writer.
     *
     * @param slot the table: its sheet, its part within the sheet (a sheet may hold several tables, and a table's
     *     total rows are a table of their own), and what names it
     * @param columns the table's columns
     * @param indexes the indexes the source declares, each over the names of its columns in key order
     * @return a running writer
     */
    TableWriter open(TableSlot slot, List<StoredColumn> columns, List<SourceIndex<String>> indexes);
}
