package io.tablequery.engine.ingest;

import io.tablequery.engine.store.StoredColumn;
import io.tablequery.engine.store.TableWriter;
import java.util.List;

/** Opens the writers of one table's outputs (its data, its totals), numbering them in the order they open. */
@FunctionalInterface
interface PartWriters {
    /**
     * Opens the writer of the sheet's next table.
     *
     * @param role what the table holds
     * @param dataPart for a totals table, the part of its data table; ignored for a data table
     * @param columns its columns
     * @param indexes the indexes the source declares
     * @return the writer and the part number it was given
     */
    Opened open(TableRole role, int dataPart, List<StoredColumn> columns, List<SourceIndex<String>> indexes);

    /**
     * A writer and the part of its sheet it writes.
     *
     * @param part the table's number within its sheet, from 0
     * @param writer the writer
     */
    record Opened(int part, TableWriter writer) {}
}
