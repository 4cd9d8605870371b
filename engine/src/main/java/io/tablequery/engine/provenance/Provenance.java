package io.tablequery.engine.provenance;

import java.util.SortedSet;

/** What a step's table knows about where its rows come from. */
public sealed interface Provenance permits RowProvenance, RowSetProvenance, GroupProvenance, SheetProvenance {
    /**
     * Returns every sheet the table's rows draw on.
     *
     * @return the sheets in file and sheet order
     */
    SortedSet<SheetRef> sheets();
}
