package io.tablequery.engine.search;

import static java.util.Objects.requireNonNull;

import io.tablequery.engine.joins.TableJoin;
import java.util.List;

/**
 * Tables that together answer a question naming several things, none of which one table holds alone: the best table
 * found, and each table whose words the ones before it lacked, joined to them directly or through one link table.
 * Search lists them first, in this order.
 *
 * @param tables the tables' names, each after the tables it joins
 * @param joins the join conditions that connect them, each between a table and one listed before it
 * @param words the question's words they match together, in the question's order
 */
public record TableSet(List<String> tables, List<TableJoin> joins, List<String> words) {
    public TableSet {
        tables = List.copyOf(requireNonNull(tables, "tables is null"));
        joins = List.copyOf(requireNonNull(joins, "joins is null"));
        words = List.copyOf(requireNonNull(words, "words is null"));
    }
}
