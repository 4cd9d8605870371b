package io.tablequery.dialects.lex;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import org.junit.jupiter.api.Test;

class StrictIdentifiersTest {
    @Test
    void requotesOnlyDoubleQuotedIdentifiers() {
        assertThat(StrictIdentifiers.rewrite("SELECT \"a b\", 'it\"s', [c], \"x]y\", \"q\"\"q\" FROM \"t\" -- \"n\""))
                .isEqualTo("SELECT [a b], 'it\"s', [c], `x]y`, [q\"q] FROM [t] -- \"n\"");
    }

    @Test
    void turnsTheStringFallbackIntoAnError() throws SQLException {
        try (Connection connection = DriverManager.getConnection("jdbc:sqlite::memory:");
                Statement statement = connection.createStatement()) {
            statement.execute("CREATE TABLE t (\"city\" TEXT)");
            statement.execute("INSERT INTO t VALUES ('Paris')");
            String typo = "SELECT \"cty\" FROM \"t\"";
            try (ResultSet rs = statement.executeQuery(typo)) {
                rs.next();
                assertThat(rs.getString(1)).isEqualTo("cty");
            }
            assertThatThrownBy(() -> statement.executeQuery(StrictIdentifiers.rewrite(typo)))
                    .hasMessageContaining("no such column: cty");
            try (ResultSet rs = statement.executeQuery(StrictIdentifiers.rewrite("SELECT \"city\" FROM \"t\""))) {
                rs.next();
                assertThat(rs.getString(1)).isEqualTo("Paris");
            }
        }
    }
}
