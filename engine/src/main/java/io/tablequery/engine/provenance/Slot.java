package io.tablequery.engine.provenance;

import static java.util.Objects.requireNonNull;

import java.util.List;

/** Hidden columns of a row that name the source rows it came from. */
public sealed interface Slot {
    /**
     * Returns the same slot read through another qualifier or under other column names.
     *
     * @param columns the new expressions of the slot's columns, in order
     * @return the slot
     */
    Slot withColumns(List<String> columns);

    /** Returns the SQL expressions of the slot's columns. */
    List<String> columns();

    /**
     * One row of one sheet: the column holds its R-number, NULL when no row contributed (an outer join's missing
     * side).
     *
     * @param sheet the sheet
     * @param column the SQL expression of the R-number
     */
    record Direct(SheetRef sheet, String column) implements Slot {
        public Direct {
            requireNonNull(sheet, "sheet is null");
            requireNonNull(column, "column is null");
        }

        @Override
        public Slot withColumns(List<String> columns) {
            return new Direct(sheet, columns.get(0));
        }

        @Override
        public List<String> columns() {
            return List.of(column);
        }
    }

    /**
     * One group of an earlier aggregate step: the columns hold its marker and group key, all NULL when no group
     * contributed.
     *
     * @param group the earlier step's lineage
     * @param keys the SQL expressions of its marker and key columns, in the group's key order
     */
    record Keyed(GroupProvenance group, List<String> keys) implements Slot {
        public Keyed {
            requireNonNull(group, "group is null");
            keys = List.copyOf(keys);
        }

        @Override
        public Slot withColumns(List<String> columns) {
            return new Keyed(group, columns);
        }

        @Override
        public List<String> columns() {
            return keys;
        }
    }
}
