package io.tablequery.engine.ingest.layout;

import io.tablequery.engine.catalog.ColumnInfo;
import io.tablequery.engine.catalog.ColumnType;
import io.tablequery.engine.ingest.CellAddress;
import io.tablequery.engine.store.ColumnBatch;
import io.tablequery.engine.store.StoredColumn;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The long form of a crosstab: one row for each row of the table and each of its columns of numbers, holding the
 * row-header columns as they are, one column for each header row with the label that row gives the column of
 * numbers, and the number itself in {@code value}. A total by the header rows' labels is then one {@code GROUP BY}
 * ({@code SELECT "Age", "Survived", SUM(value) ... GROUP BY 1, 2}) instead of a sum of the right columns. A blank
 * cell is a row whose value is NULL, so that every row of the table has each combination.
 *
 * <p>The header rows' columns are named as the cells left of them name the header rows ({@code Age}, {@code
 * Survived}), else {@code header_1}, {@code header_2}; a name another column has takes a suffix, as header names do.
 * The header rows' columns and the value column name the span of the columns of numbers ({@code D:G}) as their
 * source, which is how a description tells them from the row-header columns.
 */
public final class LongForm {
    /** The name of the column of numbers, before a suffix makes it unique. */
    public static final String VALUE = "value";

    private final int[] kept;
    private final int[] values;
    private final List<List<String>> labels;
    private final List<ColumnInfo> columns;
    private final ColumnType valueType;

    private LongForm(
            int[] kept, int[] values, List<List<String>> labels, List<ColumnInfo> columns, ColumnType valueType) {
        this.kept = kept;
        this.values = values;
        this.labels = labels;
        this.columns = columns;
        this.valueType = valueType;
    }

    /**
     * The long form of a table's crosstab, when it has one whose columns of numbers it kept as numbers.
     *
     * @param plan the table's columns
     * @param crosstab the crosstab its header makes, or null
     * @return the long form, or null when the table has none
     */
    public static LongForm of(TablePlan plan, Layout.Crosstab crosstab) {
        if (crosstab == null) {
            return null;
        }
        int[] bySource = plan.indexBySource();
        Map<Integer, List<String>> crosstabLabels = crosstab.labels();
        int[] values = new int[crosstabLabels.size()];
        List<List<String>> labels = new ArrayList<>();
        boolean real = false;
        int v = 0;
        for (Map.Entry<Integer, List<String>> entry : crosstabLabels.entrySet()) {
            int column = entry.getKey();
            int p = column < bySource.length ? bySource[column] : -1;
            if (p < 0) {
                return null;
            }
            ColumnType type = plan.columns().get(p).type();
            if (type != ColumnType.INTEGER && type != ColumnType.REAL) {
                return null;
            }
            real |= type == ColumnType.REAL;
            values[v++] = p;
            labels.add(entry.getValue());
        }
        List<Integer> keptColumns = new ArrayList<>();
        for (int p = 0; p < plan.columns().size(); p++) {
            if (!crosstabLabels.containsKey(plan.columns().get(p).sourceIndex())) {
                keptColumns.add(p);
            }
        }
        ColumnNames names = new ColumnNames();
        List<ColumnInfo> columns = new ArrayList<>();
        for (int p : keptColumns) {
            ColumnPlan column = plan.columns().get(p);
            columns.add(new ColumnInfo(names.unique(column.name()), column.type(), column.source()));
        }
        String span = CellAddress.columnLetters(plan.columns().get(values[0]).sourceIndex()) + ":"
                + CellAddress.columnLetters(
                        plan.columns().get(values[values.length - 1]).sourceIndex());
        int levels = labels.get(0).size();
        for (int k = 0; k < levels; k++) {
            String given = crosstab.dimensions().isEmpty()
                    ? ""
                    : ColumnNames.clean(crosstab.dimensions().get(k));
            columns.add(
                    new ColumnInfo(names.unique(given.isEmpty() ? "header_" + (k + 1) : given), ColumnType.TEXT, span));
        }
        ColumnType valueType = real ? ColumnType.REAL : ColumnType.INTEGER;
        columns.add(new ColumnInfo(names.unique(VALUE), valueType, span));
        return new LongForm(
                keptColumns.stream().mapToInt(Integer::intValue).toArray(),
                values,
                List.copyOf(labels),
                List.copyOf(columns),
                valueType);
    }

    /** The long form's columns: the row-header columns, one for each header row, and the value. */
    public List<ColumnInfo> columns() {
        return columns;
    }

    /** The columns as the storage writers create them. */
    public List<StoredColumn> storedColumns() {
        return columns.stream().map(c -> new StoredColumn(c.name(), c.type())).toList();
    }

    /** The rows the long form has for each row of the table: one for each column of numbers. */
    public int rowsPerRow() {
        return values.length;
    }

    /**
     * Writes the long form's row of one column of numbers of a table's row.
     *
     * @param from the batch holding the table's row
     * @param row the row's index in it
     * @param value which column of numbers, from 0 to {@link #rowsPerRow()}
     * @param to the long form's batch
     * @param toRow the index of the row to fill in it, already added
     */
    public void write(ColumnBatch from, int row, int value, ColumnBatch to, int toRow) {
        for (int c = 0; c < kept.length; c++) {
            copy(from, kept[c], row, to, c, toRow, from.types().get(kept[c]));
        }
        List<String> valueLabels = labels.get(value);
        for (int k = 0; k < valueLabels.size(); k++) {
            to.setObject(kept.length + k, toRow, valueLabels.get(k));
        }
        copy(from, values[value], row, to, columns.size() - 1, toRow, valueType);
    }

    /** Copies a cell, an INTEGER into a REAL column as its double. */
    private static void copy(
            ColumnBatch from, int column, int row, ColumnBatch to, int toColumn, int toRow, ColumnType type) {
        if (from.isNull(column, row)) {
            return;
        }
        ColumnType fromType = from.types().get(column);
        switch (type) {
            case REAL ->
                to.setDouble(
                        toColumn,
                        toRow,
                        fromType == ColumnType.REAL ? from.doubleValue(column, row) : from.longValue(column, row));
            case TEXT, BLOB -> to.setObject(toColumn, toRow, from.object(column, row));
            default -> to.setLong(toColumn, toRow, from.longValue(column, row));
        }
    }
}
