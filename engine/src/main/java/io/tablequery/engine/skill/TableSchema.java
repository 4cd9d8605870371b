package io.tablequery.engine.skill;

import static java.util.Objects.requireNonNull;

import io.tablequery.engine.catalog.ColumnProfile;
import io.tablequery.engine.catalog.TableInfo;
import io.tablequery.engine.joins.TableJoin;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * What get-schemas tells about one table.
 *
 * @param table the table
 * @param fileName the name of its file
 * @param createTable its {@code CREATE TABLE} in SQLite syntax, with the declared types of the SQLite copy
 * @param declaredTypes the declared type of each column, in column order
 * @param sampleRows a few rows chosen to show different values, in row order; a cell is null for NULL
 * @param sampleRowNumbers the R-number of each sample row
 * @param profiles each column's profile, in column order
 * @param joins the joins the table takes part in, declared ones first
 */
public record TableSchema(
        TableInfo table,
        String fileName,
        String createTable,
        List<String> declaredTypes,
        List<List<String>> sampleRows,
        List<Long> sampleRowNumbers,
        List<ColumnProfile> profiles,
        List<TableJoin> joins) {
    public TableSchema {
        requireNonNull(table, "table is null");
        requireNonNull(fileName, "fileName is null");
        requireNonNull(createTable, "createTable is null");
        declaredTypes = List.copyOf(requireNonNull(declaredTypes, "declaredTypes is null"));
        List<List<String>> rows = new ArrayList<>();
        requireNonNull(sampleRows, "sampleRows is null")
                .forEach(row -> rows.add(Collections.unmodifiableList(new ArrayList<>(row))));
        sampleRows = Collections.unmodifiableList(rows);
        sampleRowNumbers = List.copyOf(requireNonNull(sampleRowNumbers, "sampleRowNumbers is null"));
        profiles = List.copyOf(requireNonNull(profiles, "profiles is null"));
        joins = List.copyOf(requireNonNull(joins, "joins is null"));
    }
}
