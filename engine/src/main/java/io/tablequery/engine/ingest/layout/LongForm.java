package io.tablequery.engine.ingest.layout;

import io.tablequery.engine.catalog.ColumnInfo;
import io.tablequery.engine.catalog.ColumnType;
import io.tablequery.engine.ingest.CellAddress;
import io.tablequery.engine.store.ColumnBatch;
import io.tablequery.engine.store.StoredColumn;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The long form of a crosstab: one row for each row of the table and each of its columns of numbers, holding the
 * row-header columns as they are, one column for each header row with the label that row gives the column of
 * numbers, and the number itself in {@code value}. A total by the header rows' labels is then one {@code GROUP BY}
 * ({@code SELECT "Age", "Survived", SUM(value) ... GROUP BY 1, 2}) instead of a sum of the right columns. A blank
 * cell is a row whose value is NULL, so that every row of the table has each combination.
 *
 * <p>When one header row names measures rather than a dimension, each of its labels is a column of its own instead. A
 * header row names measures when each of its labels is over columns of one type, two of them are over columns of
 * different types (units over whole numbers, revenue over reals), and every combination of the other header rows'
 * labels is under each of them once. One {@code value} column would then hold units and revenue alike, and a sum of
 * it by month would add the two; with a column for each, the long form has one row for each row of the table and
 * each combination of the other rows' labels ({@code Region, City, header_2, Units, Revenue}), and keeps each
 * measure's type.
 *
 * <p>The header rows' columns are named as the cells left of them name the header rows ({@code Age}, {@code
 * Survived}), else {@code header_1}, {@code header_2} by the header row's place; a name another column has takes a
 * suffix, as header names do. The header rows' columns and the columns of numbers name the span of the crosstab's
 * columns ({@code D:G}) as their source, which is how a description tells them from the row-header columns; the
 * labels are text and the numbers are not.
 */
public final class LongForm {
    /** The name of the column of numbers, before a suffix makes it unique. */
    public static final String VALUE = "value";

    private final int[] kept;
    /** For each long row of a table's row, the table's column of each number column. */
    private final int[][] values;
    /** For each long row of a table's row, its labels, one per header row that is not the measures'. */
    private final List<List<String>> labels;

    private final List<ColumnInfo> columns;
    private final List<ColumnType> valueTypes;

    private LongForm(
            int[] kept,
            int[][] values,
            List<List<String>> labels,
            List<ColumnInfo> columns,
            List<ColumnType> valueTypes) {
        this.kept = kept;
        this.values = values;
        this.labels = labels;
        this.columns = columns;
        this.valueTypes = valueTypes;
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
        int[] numbers = new int[crosstabLabels.size()];
        List<List<String>> labels = new ArrayList<>();
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
            numbers[v++] = p;
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
        String span = CellAddress.columnLetters(plan.columns().get(numbers[0]).sourceIndex()) + ":"
                + CellAddress.columnLetters(
                        plan.columns().get(numbers[numbers.length - 1]).sourceIndex());
        int levels = labels.get(0).size();
        int measureLevel = measureLevel(plan, numbers, labels);
        for (int k = 0; k < levels; k++) {
            if (k == measureLevel) {
                continue;
            }
            String given = crosstab.dimensions().isEmpty()
                    ? ""
                    : ColumnNames.clean(crosstab.dimensions().get(k));
            columns.add(
                    new ColumnInfo(names.unique(given.isEmpty() ? "header_" + (k + 1) : given), ColumnType.TEXT, span));
        }
        int[] kept = keptColumns.stream().mapToInt(Integer::intValue).toArray();
        if (measureLevel < 0) {
            boolean real = false;
            int[][] values = new int[numbers.length][];
            for (int n = 0; n < numbers.length; n++) {
                values[n] = new int[] {numbers[n]};
                real |= plan.columns().get(numbers[n]).type() == ColumnType.REAL;
            }
            ColumnType valueType = real ? ColumnType.REAL : ColumnType.INTEGER;
            columns.add(new ColumnInfo(names.unique(VALUE), valueType, span));
            return new LongForm(kept, values, List.copyOf(labels), List.copyOf(columns), List.of(valueType));
        }
        return byMeasure(plan, numbers, labels, measureLevel, kept, columns, names, span);
    }

    /**
     * The long form with a column for each measure: one long row per combination of the other header rows' labels,
     * in the order the columns first show it.
     */
    private static LongForm byMeasure(
            TablePlan plan,
            int[] numbers,
            List<List<String>> labels,
            int measureLevel,
            int[] kept,
            List<ColumnInfo> columns,
            ColumnNames names,
            String span) {
        List<String> measures = new ArrayList<>();
        List<ColumnType> types = new ArrayList<>();
        Map<List<String>, Integer> combinations = new LinkedHashMap<>();
        int[] measureOf = new int[numbers.length];
        int[] combinationOf = new int[numbers.length];
        for (int n = 0; n < numbers.length; n++) {
            List<String> others = new ArrayList<>(labels.get(n));
            String measure = others.remove(measureLevel);
            if (!measures.contains(measure)) {
                measures.add(measure);
                types.add(plan.columns().get(numbers[n]).type());
            }
            measureOf[n] = measures.indexOf(measure);
            combinationOf[n] = combinations.computeIfAbsent(List.copyOf(others), key -> combinations.size());
        }
        // measureLevel checked that each combination is under each measure once: every cell is filled.
        int[][] values = new int[combinations.size()][measures.size()];
        for (int n = 0; n < numbers.length; n++) {
            values[combinationOf[n]][measureOf[n]] = numbers[n];
        }
        for (int m = 0; m < measures.size(); m++) {
            columns.add(new ColumnInfo(names.unique(ColumnNames.clean(measures.get(m))), types.get(m), span));
        }
        return new LongForm(kept, values, List.copyOf(combinations.keySet()), List.copyOf(columns), List.copyOf(types));
    }

    /**
     * The header row whose labels name measures: each label over columns of one type, two labels over columns of
     * different types, every label not blank, and each combination of the other rows' labels under each label once;
     * -1 when no header row is one, or more than one is.
     */
    private static int measureLevel(TablePlan plan, int[] numbers, List<List<String>> labels) {
        int levels = labels.get(0).size();
        int found = -1;
        for (int k = 0; k < levels && levels > 1; k++) {
            Map<String, ColumnType> types = new LinkedHashMap<>();
            Map<String, Set<List<String>>> combinations = new LinkedHashMap<>();
            boolean measures = true;
            for (int n = 0; n < numbers.length && measures; n++) {
                String label = labels.get(n).get(k);
                ColumnType type = plan.columns().get(numbers[n]).type();
                List<String> others = new ArrayList<>(labels.get(n));
                others.remove(k);
                measures = !ColumnNames.clean(label).isEmpty()
                        && types.computeIfAbsent(label, key -> type) == type
                        && combinations
                                .computeIfAbsent(label, key -> new HashSet<>())
                                .add(others);
            }
            measures &= new HashSet<>(types.values()).size() > 1 && new HashSet<>(combinations.values()).size() == 1;
            if (measures) {
                if (found >= 0) {
                    return -1;
                }
                found = k;
            }
        }
        return found;
    }

    /**
     * The long form's columns: the row-header columns, one for each header row, and the value, or a column for each
     * measure.
     */
    public List<ColumnInfo> columns() {
        return columns;
    }

    /** The columns as the storage writers create them. */
    public List<StoredColumn> storedColumns() {
        return columns.stream().map(c -> new StoredColumn(c.name(), c.type())).toList();
    }

    /**
     * The rows the long form has for each row of the table: one for each column of numbers, or with measures, one for
     * each combination of the other header rows' labels.
     */
    public int rowsPerRow() {
        return values.length;
    }

    /**
     * Writes one of the long form's rows of a table's row.
     *
     * @param from the batch holding the table's row
     * @param row the row's index in it
     * @param value which of its long rows, from 0 to {@link #rowsPerRow()}
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
        int first = kept.length + valueLabels.size();
        for (int m = 0; m < values[value].length; m++) {
            copy(from, values[value][m], row, to, first + m, toRow, valueTypes.get(m));
        }
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
