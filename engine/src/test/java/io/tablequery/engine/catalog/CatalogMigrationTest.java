package io.tablequery.engine.catalog;

import static org.assertj.core.api.Assertions.assertThat;

import io.tablequery.engine.workspace.Workspace;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A workspace whose catalog was written by the version before tables had parts opens with nothing lost. */
class CatalogMigrationTest {
    @TempDir
    Path dir;

    @Test
    void aVersionOneCatalogKeepsItsProfilesAndGainsLayoutWarnings() throws Exception {
        Path directory = dir.resolve("ws");
        Path csv = Files.writeString(dir.resolve("prices.csv"), "item,price\napple,1.5\npear,2.25\n");
        String profile;
        try (Workspace workspace = Workspace.open(directory)) {
            workspace.ingest(csv);
        }
        try (Connection connection = DriverManager.getConnection("jdbc:sqlite:" + directory.resolve("tables.sqlite"));
                Statement statement = connection.createStatement()) {
            try (ResultSet rs = statement.executeQuery("SELECT profile FROM tq_catalog_table_profiles")) {
                rs.next();
                profile = rs.getString(1);
            }
            statement.execute("CREATE TABLE tq_catalog_profiles (file_number INTEGER NOT NULL, sheet_number INTEGER"
                    + " NOT NULL, profile TEXT NOT NULL, PRIMARY KEY (file_number, sheet_number))");
            statement.execute("INSERT INTO tq_catalog_profiles SELECT 1, 1, profile FROM tq_catalog_table_profiles");
            statement.execute("DROP TABLE tq_catalog_table_profiles");
            statement.execute("ALTER TABLE tq_catalog_tables DROP COLUMN layout_warnings");
            statement.execute("ALTER TABLE tq_catalog_tables DROP COLUMN totals_of");
            statement.execute("UPDATE tq_catalog_meta SET value = '1' WHERE key = 'schema_version'");
        }
        try (Workspace workspace = Workspace.open(directory)) {
            TableInfo table = workspace.catalog().table("prices").orElseThrow();
            assertThat(workspace.catalog().profile(table)).isPresent();
            assertThat(table.layoutWarnings()).isEmpty();
            assertThat(table.totalsOf()).isNull();
        }
        try (Connection connection = DriverManager.getConnection("jdbc:sqlite:" + directory.resolve("tables.sqlite"));
                Statement statement = connection.createStatement()) {
            try (ResultSet rs = statement.executeQuery("SELECT profile FROM tq_catalog_table_profiles")) {
                assertThat(rs.next()).isTrue();
                assertThat(rs.getString(1)).isEqualTo(profile);
            }
            try (ResultSet rs =
                    statement.executeQuery("SELECT count(*) FROM sqlite_master WHERE name = 'tq_catalog_profiles'")) {
                rs.next();
                assertThat(rs.getInt(1)).isZero();
            }
            try (ResultSet rs =
                    statement.executeQuery("SELECT value FROM tq_catalog_meta WHERE key = 'schema_version'")) {
                rs.next();
                assertThat(rs.getString(1)).isEqualTo("2");
            }
        }
    }
}
