package io.tablequery.engine.duck;

import static io.tablequery.dialects.SqlIdentifiers.quote;

import io.tablequery.engine.catalog.TableInfo;
import io.tablequery.engine.exec.QueryDeadline;
import io.tablequery.engine.store.DuckDbStorage;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.StringJoiner;

/**
 * Computes compareTables in DuckDB: the schema diff from the two tables' columns, and the data diff either by a key
 * (anti-joins for rows only on one side, a join with {@code IS DISTINCT FROM} for changed rows) or, without a key,
 * as multisets of whole rows over the common columns ({@code EXCEPT ALL}). A column numeric in both tables compares
 * as DOUBLE (so a column retyped from BIGINT to DOUBLE still matches 1 with 1.0), any other as text.
 */
final class TableComparer {
    private TableComparer() {}

    static CompareResult compare(
            Connection duckDb, QueryDeadline deadline, TableInfo a, TableInfo b, String key, int sampleRows)
            throws SQLException {
        Map<String, String> typesA = types(duckDb, deadline, a);
        Map<String, String> typesB = types(duckDb, deadline, b);
        List<Map<String, String>> added = new ArrayList<>();
        List<Map<String, String>> removed = new ArrayList<>();
        List<Map<String, String>> retyped = new ArrayList<>();
        List<String> common = new ArrayList<>();
        typesA.forEach((name, type) -> {
            String other = typesB.get(name);
            if (other == null) {
                removed.add(column("name", name, "type", type));
            } else {
                common.add(name);
                if (!other.equals(type)) {
                    retyped.add(column("name", name, "typeA", type, "typeB", other));
                }
            }
        });
        typesB.forEach((name, type) -> {
            if (!typesA.containsKey(name)) {
                added.add(column("name", name, "type", type));
            }
        });
        CompareResult.SchemaDiff schema = new CompareResult.SchemaDiff(added, removed, retyped, common);
        Map<String, String> casts = new LinkedHashMap<>();
        common.forEach(name -> casts.put(
                name,
                DuckTypes.isNumeric(typesA.get(name)) && DuckTypes.isNumeric(typesB.get(name)) ? "DOUBLE" : "VARCHAR"));
        String tableA = quote(DuckDbStorage.NATIVE_SCHEMA, a.name());
        String tableB = quote(DuckDbStorage.NATIVE_SCHEMA, b.name());
        List<String> notes = new ArrayList<>();
        if (key != null && !common.contains(key)) {
            return CompareResult.failure(
                    DuckToolErrorCode.INVALID_ARGUMENT,
                    "key \"%s\" is not a column of both tables; their common columns are %s".formatted(key, common));
        }
        if (common.isEmpty()) {
            notes.add("the tables share no column, so no rows can be matched");
            return new CompareResult(
                    true,
                    a.name(),
                    b.name(),
                    key,
                    schema,
                    a.rowCount(),
                    b.rowCount(),
                    null,
                    null,
                    null,
                    notes,
                    null,
                    null);
        }
        CompareResult.RowSet onlyInA;
        CompareResult.RowSet onlyInB;
        CompareResult.RowSet changed = null;
        if (key != null) {
            String k = quote(key);
            for (String[] side : new String[][] {{tableA, "A"}, {tableB, "B"}}) {
                long keys =
                        single(duckDb, deadline, "SELECT count(*) - count(DISTINCT %s) FROM %s".formatted(k, side[0]));
                // count(DISTINCT) skips NULLs, so NULL keys are counted here too and reported apart below.
                long nulls = single(duckDb, deadline, "SELECT count(*) - count(%s) FROM %s".formatted(k, side[0]));
                if (nulls > 0) {
                    notes.add("%,d rows of %s have no key (NULL) and match no row of the other table"
                            .formatted(nulls, side[1]));
                }
                if (keys > nulls) {
                    notes.add("key \"%s\" repeats in %,d rows of %s; each repeat is matched to every row with its key"
                            .formatted(key, keys - nulls, side[1]));
                }
            }
            onlyInA = rows(
                    duckDb,
                    deadline,
                    "SELECT * FROM %s a WHERE NOT EXISTS (SELECT 1 FROM %s b WHERE b.%s = a.%s)"
                            .formatted(tableA, tableB, k, k),
                    sampleRows);
            onlyInB = rows(
                    duckDb,
                    deadline,
                    "SELECT * FROM %s b WHERE NOT EXISTS (SELECT 1 FROM %s a WHERE a.%s = b.%s)"
                            .formatted(tableB, tableA, k, k),
                    sampleRows);
            changed = changed(duckDb, deadline, tableA, tableB, key, casts, sampleRows);
        } else {
            onlyInA = rows(duckDb, deadline, except(tableA, tableB, casts), sampleRows);
            onlyInB = rows(duckDb, deadline, except(tableB, tableA, casts), sampleRows);
        }
        return new CompareResult(
                true,
                a.name(),
                b.name(),
                key,
                schema,
                a.rowCount(),
                b.rowCount(),
                onlyInA,
                onlyInB,
                changed,
                notes,
                null,
                null);
    }

    private static CompareResult.RowSet changed(
            Connection duckDb,
            QueryDeadline deadline,
            String tableA,
            String tableB,
            String key,
            Map<String, String> casts,
            int sampleRows)
            throws SQLException {
        String k = quote(key);
        StringJoiner differs = new StringJoiner(" OR ");
        StringJoiner select = new StringJoiner(", ", "SELECT a." + k + " AS key, ", "");
        List<String> compared = new ArrayList<>();
        for (Map.Entry<String, String> entry : casts.entrySet()) {
            String column = entry.getKey();
            if (column.equals(key)) {
                continue;
            }
            compared.add(column);
            String c = quote(column);
            differs.add("a.%1$s::%2$s IS DISTINCT FROM b.%1$s::%2$s".formatted(c, entry.getValue()));
            select.add("a.%1$s::%2$s::VARCHAR, b.%1$s::%2$s::VARCHAR".formatted(c, entry.getValue()));
        }
        if (compared.isEmpty()) {
            return new CompareResult.RowSet(0, List.of());
        }
        String from = " FROM %s a JOIN %s b ON a.%s = b.%s WHERE %s".formatted(tableA, tableB, k, k, differs);
        long count = single(duckDb, deadline, "SELECT count(*)" + from);
        List<Map<String, Object>> sample = new ArrayList<>();
        try (Statement statement = deadline.watch(duckDb.createStatement());
                ResultSet rs = statement.executeQuery(select + from + " ORDER BY 1 LIMIT " + sampleRows)) {
            while (rs.next()) {
                Map<String, Object> row = new LinkedHashMap<>();
                row.put("key", rs.getString(1));
                Map<String, Object> changes = new LinkedHashMap<>();
                for (int i = 0; i < compared.size(); i++) {
                    String valueA = rs.getString(2 + 2 * i);
                    String valueB = rs.getString(3 + 2 * i);
                    if (valueA == null ? valueB != null : !valueA.equals(valueB)) {
                        Map<String, String> pair = new LinkedHashMap<>();
                        pair.put("a", valueA);
                        pair.put("b", valueB);
                        changes.put(compared.get(i), pair);
                    }
                }
                row.put("changes", changes);
                sample.add(row);
            }
        }
        return new CompareResult.RowSet(count, sample);
    }

    private static String except(String first, String second, Map<String, String> casts) {
        StringJoiner columns = new StringJoiner(", ");
        casts.forEach((column, type) -> columns.add(quote(column) + "::" + type + " AS " + quote(column)));
        return "SELECT %1$s FROM %2$s EXCEPT ALL SELECT %1$s FROM %3$s".formatted(columns, first, second);
    }

    private static CompareResult.RowSet rows(Connection duckDb, QueryDeadline deadline, String sql, int sampleRows)
            throws SQLException {
        long count = single(duckDb, deadline, "SELECT count(*) FROM (" + sql + ")");
        try (Statement statement = deadline.watch(duckDb.createStatement());
                ResultSet rs = statement.executeQuery(sql + " LIMIT " + sampleRows)) {
            return new CompareResult.RowSet(
                    count, DuckResults.read(rs, sampleRows, 2000).rows());
        }
    }

    private static long single(Connection duckDb, QueryDeadline deadline, String sql) throws SQLException {
        try (Statement statement = deadline.watch(duckDb.createStatement());
                ResultSet rs = statement.executeQuery(sql)) {
            rs.next();
            return rs.getLong(1);
        }
    }

    /** A table's column types by name, as DuckDB's views show them. */
    private static Map<String, String> types(Connection duckDb, QueryDeadline deadline, TableInfo table)
            throws SQLException {
        Map<String, String> types = new LinkedHashMap<>();
        try (Statement statement = deadline.watch(duckDb.createStatement());
                ResultSet rs = statement.executeQuery(
                        "SELECT * FROM " + quote(DuckDbStorage.NATIVE_SCHEMA, table.name()) + " LIMIT 0")) {
            for (int i = 1; i <= rs.getMetaData().getColumnCount(); i++) {
                types.put(
                        rs.getMetaData().getColumnLabel(i),
                        rs.getMetaData().getColumnTypeName(i).toUpperCase(Locale.ROOT));
            }
        }
        return types;
    }

    /** A JSON object whose fields keep the order given: name first. */
    private static Map<String, String> column(String... keysAndValues) {
        Map<String, String> column = new LinkedHashMap<>();
        for (int i = 0; i + 1 < keysAndValues.length; i += 2) {
            column.put(keysAndValues[i], keysAndValues[i + 1]);
        }
        return column;
    }
}
