package io.tablequery.engine.provenance;

import static java.util.Objects.requireNonNull;

import io.tablequery.dialects.sql.Expr;
import io.tablequery.dialects.sql.Span;
import io.tablequery.dialects.sql.SqlPrinter;
import java.util.List;

/** Hidden columns of a row that name the source rows it came from, as columns of the typed tree. */
public sealed interface Slot {
    /**
     * Returns the same slot read through another qualifier or under other column names, which hold its {@link
     * #values()}.
     *
     * @param columns the slot's columns, in order
     * @return the slot
     */
    Slot withColumns(List<Expr.ColumnRef> columns);

    /** Returns the slot's columns. */
    List<Expr.ColumnRef> columns();

    /** Returns what a level that names the slot's columns selects for them: its columns, or what they number. */
    List<Expr> values();

    /**
     * A column of a relation: its name in double quotes, as a hidden column is named.
     *
     * @param qualifier the name the relation is read under, or null for none
     * @param name the column's name
     * @return the column
     */
    static Expr.ColumnRef column(String qualifier, String name) {
        return new Expr.ColumnRef(new Span(0, 0), null, qualifier, name, Expr.Quoting.DOUBLE_QUOTES);
    }

    /**
     * The rowid of a table's rows, which no column of a workspace table hides.
     *
     * @param qualifier the name the table is read under
     * @return the column
     */
    static Expr.ColumnRef rowid(String qualifier) {
        return new Expr.ColumnRef(new Span(0, 0), null, qualifier, "rowid", Expr.Quoting.BARE);
    }

    /**
     * The same column read under another qualifier.
     *
     * @param qualifier the name its relation is read under
     * @param column the column
     * @return the column
     */
    static Expr.ColumnRef requalified(String qualifier, Expr.ColumnRef column) {
        return new Expr.ColumnRef(column.span(), null, qualifier, column.name(), column.quoting());
    }

    /**
     * The SQLite text of a column.
     *
     * @param column the column
     * @return its text
     */
    static String sql(Expr.ColumnRef column) {
        return SqlPrinter.sqlite(column);
    }

    /**
     * One row of one sheet: the column holds its R-number, NULL when no row contributed (an outer join's missing
     * side).
     *
     * <p>The rowid of a table whose rows are numbered in a stride (a crosstab's long form, several rows to a sheet row:
     * {@link io.tablequery.engine.catalog.TableInfo#rowStride()}) is its R-number times the stride plus the row's
     * place: {@link #value()} divides it. A slot renamed to the column holding that value keeps the stride, which
     * then says that up to that many rows share an R-number, so a list of them is made unique.
     *
     * @param sheet the sheet
     * @param column the column of the R-number, or of the rowid numbered in the stride
     * @param stride how many rows may share an R-number: 1, or a long form's stride
     * @param numbered whether {@code column} holds the rowid numbered in the stride rather than the R-number
     */
    record Direct(SheetRef sheet, Expr.ColumnRef column, int stride, boolean numbered) implements Slot {
        public Direct {
            requireNonNull(sheet, "sheet is null");
            requireNonNull(column, "column is null");
            if (stride < 1) {
                throw new IllegalArgumentException("stride is below 1: " + stride);
            }
        }

        /** A slot whose column holds the R-number, each row's its own. */
        public Direct(SheetRef sheet, Expr.ColumnRef column) {
            this(sheet, column, 1, false);
        }

        /** The R-number: the column, or the rowid divided by the stride (integer division, as SQLite divides). */
        public Expr value() {
            if (!numbered || stride == 1) {
                return column;
            }
            return new Expr.Binary(
                    new Span(0, 0),
                    "/",
                    column,
                    new Expr.Literal(new Span(0, 0), Expr.LiteralKind.INTEGER, Integer.toString(stride)));
        }

        @Override
        public Slot withColumns(List<Expr.ColumnRef> columns) {
            return new Direct(sheet, columns.get(0), stride, false);
        }

        @Override
        public List<Expr.ColumnRef> columns() {
            return List.of(column);
        }

        @Override
        public List<Expr> values() {
            return List.of(value());
        }
    }

    /**
     * One group of an earlier aggregate step: the columns hold its marker and group key, all NULL when no group
     * contributed.
     *
     * @param group the earlier step's lineage
     * @param keys its marker and key columns, in the group's key order
     */
    record Keyed(GroupProvenance group, List<Expr.ColumnRef> keys) implements Slot {
        public Keyed {
            requireNonNull(group, "group is null");
            keys = List.copyOf(keys);
        }

        @Override
        public Slot withColumns(List<Expr.ColumnRef> columns) {
            return new Keyed(group, columns);
        }

        @Override
        public List<Expr.ColumnRef> columns() {
            return keys;
        }

        @Override
        public List<Expr> values() {
            return List.copyOf(keys);
        }
    }
}
