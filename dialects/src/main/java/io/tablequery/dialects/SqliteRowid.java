package io.tablequery.dialects;

import static java.util.Objects.requireNonNull;

import java.util.List;
import java.util.Locale;

/**
 * SQLite's names for a table's row id. A column with one of these names hides the row id under that name; a table
 * whose columns take all three names has no way left to reach it.
 */
public final class SqliteRowid {
    /** The names, in the order tablequery tries them. */
    public static final List<String> NAMES = List.of("rowid", "_rowid_", "oid");

    private SqliteRowid() {}

    /**
     * Tells whether a column name is one of SQLite's names for the row id, which SQLite compares ignoring case.
     *
     * @param name a column name
     * @return whether it names the row id
     */
    public static boolean isRowidName(String name) {
        return NAMES.contains(requireNonNull(name, "name is null").toLowerCase(Locale.ROOT));
    }
}
