package io.tablequery.dialects;

import static java.util.Objects.requireNonNull;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

/**
 * What of a SQLite table its planner may read it in the order of: the columns of each index (the automatic ones of
 * UNIQUE and PRIMARY KEY constraints included), and the {@code INTEGER PRIMARY KEY} that aliases the rowid.
 *
 * @param indexes the columns of each index, in index order; an expression index lists none
 * @param integerPrimaryKey the column that aliases the rowid, or null
 */
public record SqliteIndexes(List<List<String>> indexes, String integerPrimaryKey) {
    /** A table without indexes. */
    public static final SqliteIndexes NONE = new SqliteIndexes(List.of(), null);

    public SqliteIndexes {
        indexes = indexes.stream().map(List::copyOf).toList();
    }

    /**
     * Reads a table's indexes from a SQLite connection.
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
        List<String> keys = new ArrayList<>();
        String integerKey = null;
        try (Statement statement = sqlite.createStatement()) {
            List<String> names = new ArrayList<>();
            try (ResultSet rs = statement.executeQuery("PRAGMA " + schema + ".index_list(" + quotedTable + ")")) {
                while (rs.next()) {
                    names.add(rs.getString("name"));
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
        return new SqliteIndexes(indexes, keys.size() == 1 ? integerKey : null);
    }
}
