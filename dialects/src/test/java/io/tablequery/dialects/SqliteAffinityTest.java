package io.tablequery.dialects;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import org.junit.jupiter.api.Test;

class SqliteAffinityTest {
    private static final List<String> DECLARED = List.of(
            "INT",
            "INTEGER",
            "TINYINT",
            "UNSIGNED BIG INT",
            "INT8",
            "CHARACTER(20)",
            "VARCHAR(255)",
            "NVARCHAR(100)",
            "TEXT",
            "CLOB",
            "BLOB",
            "",
            "REAL",
            "DOUBLE",
            "DOUBLE PRECISION",
            "FLOAT",
            "NUMERIC",
            "DECIMAL(10,5)",
            "BOOLEAN",
            "DATE",
            "DATETIME",
            "POINT",
            "FLOATING POINT",
            "STRING",
            "number(10, 2)");

    @Test
    void derivesTheAffinitySqliteGivesEachDeclaredType() throws SQLException {
        try (Connection connection = DriverManager.getConnection("jdbc:sqlite::memory:");
                Statement statement = connection.createStatement()) {
            for (String declared : DECLARED) {
                assertThat(storageClasses(SqliteAffinity.of(declared)))
                        .as(declared)
                        .isEqualTo(measured(statement, declared));
            }
        }
    }

    @Test
    void keepsPlainTypeNamesAndReplacesAnythingElseByItsAffinity() {
        assertThat(SqliteAffinity.safeTypeName("VARCHAR(30)")).isEqualTo("VARCHAR(30)");
        assertThat(SqliteAffinity.safeTypeName("DECIMAL(10, -2)")).isEqualTo("DECIMAL(10, -2)");
        assertThat(SqliteAffinity.safeTypeName(" UNSIGNED BIG INT ")).isEqualTo("UNSIGNED BIG INT");
        assertThat(SqliteAffinity.safeTypeName("")).isEmpty();
        assertThat(SqliteAffinity.safeTypeName("\"text) ; DROP TABLE t; --\"")).isEqualTo("TEXT");
        assertThat(SqliteAffinity.safeTypeName("[weird type]")).isEqualTo("NUMERIC");
        assertThat(SqliteAffinity.safeTypeName("`blob`")).isEmpty();
    }

    /** The storage classes a column of the affinity gives '1.0', '1.5' and 1 (INTEGER and NUMERIC agree). */
    private static String storageClasses(SqliteAffinity affinity) {
        return switch (affinity) {
            case INTEGER, NUMERIC -> "integer,real,integer";
            case TEXT -> "text,text,text";
            case BLOB -> "text,text,integer";
            case REAL -> "real,real,real";
            case NONE -> throw new AssertionError("no declared type has an expression's lack of affinity");
        };
    }

    private static String measured(Statement statement, String declared) throws SQLException {
        statement.execute("DROP TABLE IF EXISTS t");
        statement.execute("CREATE TABLE t (c " + declared + ")");
        statement.execute("INSERT INTO t VALUES ('1.0'), ('1.5'), (1)");
        try (ResultSet rs = statement.executeQuery("SELECT group_concat(typeof(c)) FROM t")) {
            rs.next();
            return rs.getString(1);
        }
    }
}
