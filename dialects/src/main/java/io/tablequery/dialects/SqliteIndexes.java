package io.tablequery.dialects;

import static java.util.Objects.requireNonNull;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.StringJoiner;

/**
 * What of a SQLite table its planner may read it in the order of: the columns of each index (the automatic ones of
 * UNIQUE and PRIMARY KEY constraints included), and the {@code INTEGER PRIMARY KEY} that aliases the rowid.
 *
 * @param indexes the columns of each index, in index order; an expression index lists none
 * @param integerPrimaryKey the column that aliases the rowid, or null
 * @param uniqueKeys the columns of each UNIQUE index (PRIMARY KEY and UNIQUE constraints included) that holds no
 *     NULL, as declared or as the table's rows are: no two rows agree on all of them
 */
public record SqliteIndexes(List<List<String>> indexes, String integerPrimaryKey, List<List<String>> uniqueKeys) {
    public SqliteIndexes {
        indexes = indexes.stream().map(List::copyOf).toList();
        uniqueKeys = uniqueKeys.stream().map(List::copyOf).toList();
    }

    /**
     * Reads a table's indexes from a SQLite connection; a UNIQUE index over nullable columns is a key only when
     * the table's rows hold no NULL in them, which one query counts.
     *
     * @param sqlite the connection
     * @param schema the quoted schema the table is in, such as {@code main}
     * @param quotedTable the table's name, quoted
     * @return its indexes
     * @throws SQLException when SQLite cannot answer the pragmas
     */
    public static SqliteIndexes read(Connection sqlite, String schema, String quotedTable) throws SQLException {
        requireNonNull(schema, "schema is null");
        requireNonNull(quotedTable, "quotedTable is null");
        List<List<String>> indexes = new ArrayList<>();
        List<List<String>> unique = new ArrayList<>();
        List<List<String>> uniqueKeys = new ArrayList<>();
        List<String> keys = new ArrayList<>();
        String integerKey = null;
        try (Statement statement = sqlite.createStatement()) {
            List<String> names = new ArrayList<>();
            List<Boolean> uniqueness = new ArrayList<>();
            try (ResultSet rs = statement.executeQuery("PRAGMA " + schema + ".index_list(" + quotedTable + ")")) {
                while (rs.next()) {
                    names.add(rs.getString("name"));
                    uniqueness.add(rs.getInt("unique") == 1 && rs.getInt("partial") == 0);
                }
            }
            for (String index : names) {
                List<String> columns = new ArrayList<>();
                try (ResultSet rs = statement.executeQuery(
                        "PRAGMA " + schema + ".index_info(" + SqlIdentifiers.quote(index) + ")")) {
                    while (rs.next()) {
                        if (rs.getString("name") != null) {
                            columns.add(rs.getString("name"));
                        }
                    }
                }
                indexes.add(columns);
                if (uniqueness.get(names.indexOf(index)) && !columns.isEmpty()) {
                    unique.add(columns);
                }
            }
            for (List<String> columns : unique) {
                StringJoiner anyNull =
                        new StringJoiner(" OR ", "SELECT count(*) FROM " + schema + "." + quotedTable + " WHERE ", "");
                columns.forEach(column -> anyNull.add(SqlIdentifiers.quote(column) + " IS NULL"));
                try (ResultSet rs = statement.executeQuery(anyNull.toString())) {
                    if (rs.next() && rs.getLong(1) == 0) {
                        uniqueKeys.add(columns);
                    }
                }
            }
            try (ResultSet rs = statement.executeQuery("PRAGMA " + schema + ".table_info(" + quotedTable + ")")) {
                while (rs.next()) {
                    if (rs.getInt("pk") > 0) {
                        keys.add(rs.getString("name"));
                        if (rs.getString("type").equalsIgnoreCase("INTEGER")) {
                            integerKey = rs.getString("name");
                        }
                    }
                }
            }
        }
        return new SqliteIndexes(indexes, keys.size() == 1 ? integerKey : null, uniqueKeys);
    }
}
