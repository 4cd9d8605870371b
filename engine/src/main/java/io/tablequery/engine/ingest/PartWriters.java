package io.tablequery.engine.ingest;

import io.tablequery.engine.store.StoredColumn;
import io.tablequery.engine.store.TableWriter;
import java.util.List;

/** Opens the writers of one sheet's tables, numbering them in the order they open. */
@FunctionalInterface
interface PartWriters {
    /**
     * Opens the writer of the sheet's next table.
     *
     * @param columns its columns
     * @param indexes the indexes the source declares
     * @return the writer and the part number it was given
     */
    Opened open(List<StoredColumn> columns, List<SourceIndex<String>> indexes);

    /**
     * A writer and the part of its sheet it writes.
     *
     * @param part the table's number within its sheet, from 0
     * @param writer the writer
     */
    record Opened(int part, TableWriter writer) {}
}
