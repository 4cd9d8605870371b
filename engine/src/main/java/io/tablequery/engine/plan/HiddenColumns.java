package io.tablequery.engine.plan;

import io.tablequery.dialects.sql.FromItem;
import io.tablequery.dialects.sql.Query;
import io.tablequery.dialects.sql.Statement;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The hidden columns lineage adds to the {@code SELECT}s of a step's query, and the query with them: a rewrite of the
 * typed tree, each {@code SELECT} found by identity, so that two equal subqueries are two places.
 */
final class HiddenColumns {
    private final Map<Query.Select, List<Query.Item>> added = new IdentityHashMap<>();

    /**
     * Adds hidden columns at the end of a {@code SELECT}'s list, after those added before.
     *
     * @param select a {@code SELECT} of the step's query
     * @param items the columns, each with its alias
     */
    void add(Query.Select select, List<Query.Item> items) {
        added.computeIfAbsent(select, s -> new ArrayList<>()).addAll(items);
    }

    /** Returns the {@code SELECT}s that have hidden columns. */
    Set<Query.Select> selects() {
        return added.keySet();
    }

    /** Returns a copy, to add more columns to without changing these. */
    HiddenColumns copy() {
        HiddenColumns copy = new HiddenColumns();
        added.forEach(copy::add);
        return copy;
    }

    /** Returns a statement of the same kind over the query with the hidden columns. */
    Statement statement(Statement statement) {
        Query query = query(statement.query());
        return statement instanceof Statement.CreateTempTable create
                ? new Statement.CreateTempTable(create.table(), query)
                : new Statement.QueryStatement(query);
    }

    /** Returns the query with the hidden columns. */
    Query query(Query query) {
        return new Query(
                query.span(), with(query.with()), body(query.body()), query.orderBy(), query.limit(), query.offset());
    }

    /** Returns a WITH clause whose tables have their hidden columns, or null for none. */
    Query.With with(Query.With with) {
        if (with == null) {
            return null;
        }
        List<Query.CommonTable> tables = new ArrayList<>();
        for (Query.CommonTable table : with.tables()) {
            tables.add(new Query.CommonTable(table.name(), table.columns(), query(table.query())));
        }
        return new Query.With(with.recursive(), tables);
    }

    /** Returns a FROM clause whose subqueries have their hidden columns. */
    FromItem from(FromItem from) {
        if (from instanceof FromItem.Derived derived) {
            return new FromItem.Derived(query(derived.query()), derived.alias());
        }
        if (from instanceof FromItem.Join join) {
            return new FromItem.Join(from(join.left()), join.kind(), from(join.right()), join.on(), join.using());
        }
        return from;
    }

    private Query.Body body(Query.Body body) {
        if (body instanceof Query.Select select) {
            List<Query.SelectItem> items = new ArrayList<>(select.items());
            items.addAll(added.getOrDefault(select, List.of()));
            return new Query.Select(
                    select.distinct(),
                    items,
                    select.from() == null ? null : from(select.from()),
                    select.where(),
                    select.groupBy(),
                    select.having(),
                    select.windows());
        }
        if (body instanceof Query.Compound compound) {
            return new Query.Compound(body(compound.left()), compound.operator(), body(compound.right()));
        }
        return body;
    }
}
