package io.tablequery.engine.plan;

import io.tablequery.dialects.sql.FromItem;
import io.tablequery.engine.catalog.TableInfo;
import io.tablequery.engine.provenance.Slot;
import java.util.List;

/**
 * One source in a query level's FROM, as lineage sees it: a table, a step's table, a WITH table or a subquery, the slots
 * it brings, and the name the level reads it under.
 *
 * @param table the table it names, or null for a subquery
 * @param slots the slots of its rows
 * @param qualifier the name the level reads it under
 * @param workspace the workspace table it reads, or null (a step's or WITH table, a subquery)
 * @param step whether it names a table of an earlier step
 */
record LevelSource(FromItem.Table table, List<Slot> slots, String qualifier, TableInfo workspace, boolean step) {
    LevelSource {
        slots = List.copyOf(slots);
    }
}
