package io.tablequery.engine.browse;

import static io.tablequery.dialects.SqlIdentifiers.quote;

import io.tablequery.engine.catalog.CatalogErrorCode;
import io.tablequery.engine.catalog.CatalogSnapshot;
import io.tablequery.engine.catalog.ColumnInfo;
import io.tablequery.engine.catalog.NameSuggestions;
import io.tablequery.engine.catalog.StoredValues;
import io.tablequery.engine.catalog.TableInfo;
import io.tablequery.engine.error.EngineException;
import io.tablequery.engine.result.CellText;
import io.tablequery.engine.workspace.SqliteSession;
import io.tablequery.engine.workspace.Workspace;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.StringJoiner;

/**
 * Pages through a table in row order. A page is found by its rows' row numbers (their {@code rowid} in the SQLite
 * copy), never by an offset, so every page of a table of any size costs one seek and the page's rows: the first page,
 * the rows after or before a row, the rows from a row number on, the last page. A crosstab's long form, whose rowids
 * number several rows to a sheet row ({@link TableInfo#rowStride()}), pages by sheet row: its pages hold whole sheet
 * rows (a page asked for 10 rows of a long form of 4 rows to a sheet row holds 12), and a row number is a sheet row.
 */
public final class TablePager {
    /** The most rows a page holds. */
    public static final int MAX_ROWS = 500;
    /** The most characters of a text cell a page shows. */
    public static final int MAX_CELL_CHARS = 2000;

    private TablePager() {}

    /**
     * Reads one page.
     *
     * @param workspace the workspace
     * @param tableName the table, by name (any case)
     * @param position where the page starts
     * @param rows how many rows, 1 to {@link #MAX_ROWS}
     * @return the page
     * @throws EngineException TABLE_NOT_FOUND, INVALID_RANGE
     */
    public static TablePage page(Workspace workspace, String tableName, PagePosition position, int rows) {
        if (rows < 1 || rows > MAX_ROWS) {
            throw new EngineException(
                    BrowseErrorCode.INVALID_RANGE, "a page holds 1 to %d rows, not %d".formatted(MAX_ROWS, rows));
        }
        CatalogSnapshot catalog = workspace.catalog();
        TableInfo table = catalog.table(tableName).orElseThrow(() -> unknownTable(tableName, catalog));
        try (SqliteSession session = workspace.sqliteSession()) {
            return read(session.connection(), table, position, rows);
        } catch (SQLException e) {
            throw new EngineException(
                    CatalogErrorCode.STORAGE_FAILURE,
                    "could not read table %s: %s".formatted(quote(table.name()), e.getMessage()),
                    e);
        }
    }

    private static TablePage read(Connection sqlite, TableInfo table, PagePosition position, int rows)
            throws SQLException {
        StringJoiner select = new StringJoiner(", ", "SELECT ", " FROM " + quote(table.name()));
        select.add("rowid");
        for (ColumnInfo column : table.columns()) {
            select.add(quote(column.name()));
        }
        String base = select.toString();
        int stride = table.rowStride();
        int limit = (rows + stride - 1) / stride * stride;
        boolean backward =
                position.anchor() == PagePosition.Anchor.BEFORE || position.anchor() == PagePosition.Anchor.LAST;
        String where =
                switch (position.anchor()) {
                    case FIRST, LAST -> "";
                    case AFTER -> " WHERE rowid > ?";
                    case BEFORE -> " WHERE rowid < ?";
                    case AT -> " WHERE rowid >= ?";
                };
        String sql = base + where + " ORDER BY rowid" + (backward ? " DESC" : "") + " LIMIT " + (limit + 1);
        List<TablePage.PageRow> found = new ArrayList<>();
        try (PreparedStatement statement = sqlite.prepareStatement(sql)) {
            if (!where.isEmpty()) {
                statement.setLong(1, bound(position.anchor(), position.row(), stride));
            }
            try (ResultSet rs = statement.executeQuery()) {
                while (rs.next()) {
                    found.add(row(rs, table));
                }
            }
        }
        boolean more = found.size() > limit;
        if (more) {
            found.remove(found.size() - 1);
        }
        if (backward) {
            Collections.reverse(found);
        }
        boolean hasBefore = backward
                ? more
                : !found.isEmpty()
                        && exists(
                                sqlite,
                                table,
                                "<",
                                bound(PagePosition.Anchor.BEFORE, found.get(0).row(), stride));
        boolean hasAfter = backward
                ? !found.isEmpty()
                        && exists(
                                sqlite,
                                table,
                                ">",
                                bound(
                                        PagePosition.Anchor.AFTER,
                                        found.get(found.size() - 1).row(),
                                        stride))
                : more;
        List<String> columns = table.columns().stream().map(ColumnInfo::name).toList();
        return new TablePage(table.name(), columns, found, table.rowCount(), hasBefore, hasAfter);
    }

    /** The rowid a position's sheet row bounds: after row r, the rowids above its last; before or at it, its first. */
    private static long bound(PagePosition.Anchor anchor, long row, int stride) {
        if (stride == 1) {
            return row;
        }
        return anchor == PagePosition.Anchor.AFTER ? (row + 1) * stride - 1 : row * stride;
    }

    private static TablePage.PageRow row(ResultSet rs, TableInfo table) throws SQLException {
        long row = table.sheetRow(rs.getLong(1));
        List<Object> values = new ArrayList<>(table.columns().size());
        for (int c = 0; c < table.columns().size(); c++) {
            Object value = rs.getObject(c + 2);
            if (value instanceof byte[] bytes) {
                value = StoredValues.blobText(bytes);
            }
            if (value instanceof String text) {
                value = CellText.cut(text, MAX_CELL_CHARS, CellText.CUT_MARK);
            }
            values.add(value);
        }
        return new TablePage.PageRow(row, "F%dS%dR%d".formatted(table.fileNumber(), table.sheetNumber(), row), values);
    }

    private static boolean exists(Connection sqlite, TableInfo table, String comparison, long row) throws SQLException {
        try (PreparedStatement statement = sqlite.prepareStatement(
                "SELECT 1 FROM " + quote(table.name()) + " WHERE rowid " + comparison + " ? LIMIT 1")) {
            statement.setLong(1, row);
            try (ResultSet rs = statement.executeQuery()) {
                return rs.next();
            }
        }
    }

    private static EngineException unknownTable(String name, CatalogSnapshot catalog) {
        List<String> names = catalog.tables().stream().map(TableInfo::name).toList();
        return new EngineException(
                BrowseErrorCode.TABLE_NOT_FOUND,
                "no table %s in this workspace.%s".formatted(quote(name), NameSuggestions.hint(name, names)));
    }
}
