package io.tablequery.dialects.translate;

import static io.tablequery.dialects.SqlIdentifiers.quote;

import io.tablequery.dialects.sql.FromItem;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.StringJoiner;

/**
 * Translates a {@code FROM} clause: tables (common table expressions first, then the schema), subqueries, and joins,
 * adding each source to the scope with the expressions of its rowid and of the order SQLite reads it in.
 */
final class SourceTranslator {
    private final StatementTranslator statement;
    private final ExpressionTranslator expressions;
    private final SchemaLookup schema;

    SourceTranslator(StatementTranslator statement, ExpressionTranslator expressions, SchemaLookup schema) {
        this.statement = statement;
        this.expressions = expressions;
        this.schema = schema;
    }

    String from(FromItem item, Scope scope) {
        if (item instanceof FromItem.Table table) {
            return table(table, scope);
        } else if (item instanceof FromItem.Derived derived) {
            StatementTranslator.QueryResult result = statement.derived(derived.query(), scope.parent);
            String alias = derived.alias() != null ? derived.alias() : statement.nextAlias("__tq_d");
            String sqlAlias = quote(alias);
            scope.sources.add(new Scope.Source(
                    derived.alias(),
                    sqlAlias,
                    result.columns(),
                    null,
                    result.ordered() ? sqlAlias + "." + quote(StatementTranslator.ORDER_COLUMN) : null,
                    Set.of(),
                    false,
                    indexedNames(result.columns(), result.keys()),
                    rowidAliasName(result.columns(), result.keys()),
                    readThroughIndex(result.keys()),
                    List.of(),
                    null));
            return "(" + result.sql() + ") AS " + sqlAlias;
        }
        FromItem.Join join = (FromItem.Join) item;
        int first = scope.sources.size();
        String left = from(join.left(), scope);
        int before = scope.sources.size();
        String right = from(join.right(), scope);
        if (join.right() instanceof FromItem.Join) {
            right = "(" + right + ")";
        }
        if (!join.using().isEmpty()) {
            Set<String> hidden = new HashSet<>();
            join.using().forEach(name -> hidden.add(name.toLowerCase(Locale.ROOT)));
            for (int i = before; i < scope.sources.size(); i++) {
                Scope.Source source = scope.sources.get(i);
                scope.sources.set(i, source.withHidden(hidden));
            }
        }
        String condition = "";
        if (join.on() != null) {
            condition = " ON " + scope.constraint(() -> expressions.predicate(join.on(), scope));
        } else if (!join.using().isEmpty()) {
            StringJoiner using = new StringJoiner(", ", " USING (", ")");
            join.using().forEach(name -> using.add(quote(name)));
            condition = using.toString();
        }
        switch (join.kind()) {
            case COMMA:
            case CROSS:
                if (!condition.isEmpty()) {
                    return left + " JOIN " + right + condition;
                }
                return left + " CROSS JOIN " + right;
            case INNER:
                return condition.isEmpty() ? left + " CROSS JOIN " + right : left + " JOIN " + right + condition;
            case LEFT:
            case RIGHT:
            case FULL:
                // The ON term reads pairs of rows; what follows reads the joined rows, some of one side NULL.
                int end = scope.sources.size();
                for (int i = join.kind() == FromItem.JoinKind.LEFT ? before : first;
                        i < (join.kind() == FromItem.JoinKind.RIGHT ? before : end);
                        i++) {
                    scope.sources.set(i, scope.sources.get(i).nullable());
                }
                return left + " " + join.kind().name() + " JOIN " + right
                        + (condition.isEmpty() ? " ON TRUE" : condition);
            default:
                throw new Refusal("NATURAL JOIN");
        }
    }

    private String table(FromItem.Table table, Scope scope) {
        String alias = table.alias() != null ? table.alias() : table.name();
        String sqlAlias = quote(alias);
        if (table.schema() == null) {
            StatementTranslator.CommonTable common = statement.commonTable(table.name());
            if (common != null) {
                if (common.defining) {
                    if (common.columns == null) {
                        throw new Refusal("the common table " + table.name() + " refers to itself in its first SELECT");
                    }
                    common.selfReferenced = true;
                }
                scope.sources.add(new Scope.Source(
                        alias,
                        sqlAlias,
                        common.columns,
                        null,
                        common.ordered ? sqlAlias + "." + quote(StatementTranslator.ORDER_COLUMN) : null,
                        Set.of(),
                        false,
                        indexedNames(common.columns, common.keys),
                        rowidAliasName(common.columns, common.keys),
                        readThroughIndex(common.keys),
                        List.of(),
                        null));
                return quote(common.name) + " AS " + sqlAlias;
            }
        }
        Optional<TableSchema> found = schema.table(table.schema(), table.name());
        if (found.isEmpty()) {
            throw new Refusal("no such table: " + table.name());
        }
        TableSchema stored = found.get();
        scope.sources.add(new Scope.Source(
                alias,
                sqlAlias,
                stored.columns(),
                stored.rowidSql(sqlAlias, statement.dialect()),
                stored.orderSql(sqlAlias, statement.dialect()),
                Set.of(),
                !stored.insertionOrder(),
                stored.indexed(),
                stored.rowidAlias(),
                stored.indexes(),
                stored.uniqueKeys(),
                stored.rowids()));
        return stored.duckDbName() + " AS " + sqlAlias;
    }

    private static Set<String> indexedNames(List<ColumnSchema> columns, StatementTranslator.KeyColumns keys) {
        Set<String> names = new HashSet<>();
        keys.indexed()
                .forEach(position -> names.add(columns.get(position).name().toLowerCase(Locale.ROOT)));
        return names;
    }

    /** For a subquery SQLite may read through an index: an index of no known columns, which covers anything. */
    private static List<List<String>> readThroughIndex(StatementTranslator.KeyColumns keys) {
        return keys.throughIndex() ? List.of(List.of()) : List.of();
    }

    private static String rowidAliasName(List<ColumnSchema> columns, StatementTranslator.KeyColumns keys) {
        return keys.rowidAlias() < 0
                ? null
                : columns.get(keys.rowidAlias()).name().toLowerCase(Locale.ROOT);
    }
}
