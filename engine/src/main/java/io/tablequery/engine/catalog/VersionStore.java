package io.tablequery.engine.catalog;

import com.fasterxml.jackson.core.type.TypeReference;
import io.tablequery.engine.json.JsonCodec;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Keeps the superseded versions of files in the catalog table {@code tq_catalog_versions}, beside the current files
 * of {@link CatalogStore}, in the same SQLite transactions.
 */
public final class VersionStore {
    private static final TypeReference<List<SheetInfo>> SHEETS = new TypeReference<>() {};
    private static final String COLUMNS = "number, name, format, size_bytes, sha256, uploaded_at, stored_path, sheets,"
            + " superseded_by, superseded_at, content_kept";

    private VersionStore() {}

    /**
     * Creates the table when it is missing.
     *
     * @param connection a write connection
     * @throws SQLException on a database failure
     */
    public static void createSchema(Connection connection) throws SQLException {
        try (Statement statement = connection.createStatement()) {
            statement.execute("""
                    CREATE TABLE IF NOT EXISTS tq_catalog_versions (
                        number INTEGER PRIMARY KEY, name TEXT NOT NULL, format TEXT NOT NULL,
                        size_bytes INTEGER NOT NULL, sha256 TEXT NOT NULL, uploaded_at TEXT NOT NULL,
                        stored_path TEXT NOT NULL, sheets TEXT NOT NULL, report TEXT,
                        superseded_by INTEGER NOT NULL, superseded_at TEXT NOT NULL,
                        content_kept INTEGER NOT NULL)""");
        }
    }

    /**
     * Records that a current file was replaced, with its report, before {@link CatalogStore#deleteFile} removes it
     * from the current files.
     *
     * @param connection the write connection, inside the upload's transaction
     * @param file the replaced file
     * @param supersededBy the F-number of the file replacing it
     * @param at when
     * @throws SQLException on a database failure
     */
    public static void supersede(Connection connection, SourceFile file, int supersededBy, Instant at)
            throws SQLException {
        try (PreparedStatement ps = connection.prepareStatement("INSERT INTO tq_catalog_versions (" + COLUMNS
                + ", report) SELECT number, name, format, size_bytes, sha256, uploaded_at, stored_path, ?, ?, ?, 1,"
                + " report FROM tq_catalog_files WHERE number = ?")) {
            ps.setString(1, JsonCodec.write(file.sheets()));
            ps.setInt(2, supersededBy);
            ps.setString(3, at.toString());
            ps.setInt(4, file.number());
            if (ps.executeUpdate() != 1) {
                throw new SQLException("no current file " + file.ref() + " to supersede");
            }
        }
    }

    /**
     * Reads every superseded version.
     *
     * @param connection any connection
     * @return the versions, by F-number
     * @throws SQLException on a database failure
     */
    public static List<SupersededFile> list(Connection connection) throws SQLException {
        List<SupersededFile> versions = new ArrayList<>();
        try (Statement statement = connection.createStatement();
                ResultSet rs =
                        statement.executeQuery("SELECT " + COLUMNS + " FROM tq_catalog_versions ORDER BY number")) {
            while (rs.next()) {
                versions.add(read(rs));
            }
        }
        return versions;
    }

    /**
     * Reads a superseded version's ingest report, while its content is kept.
     *
     * @param connection any connection
     * @param number its F-number
     * @return the report JSON, if kept
     * @throws SQLException on a database failure
     */
    public static Optional<String> reportJson(Connection connection, int number) throws SQLException {
        try (PreparedStatement ps =
                connection.prepareStatement("SELECT report FROM tq_catalog_versions WHERE number = ?")) {
            ps.setInt(1, number);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() ? Optional.ofNullable(rs.getString(1)) : Optional.empty();
            }
        }
    }

    /**
     * Drops a version's report and marks its bytes gone, keeping its record.
     *
     * @param connection the write connection
     * @param number its F-number
     * @throws SQLException on a database failure
     */
    public static void dropContent(Connection connection, int number) throws SQLException {
        try (PreparedStatement ps = connection.prepareStatement(
                "UPDATE tq_catalog_versions SET report = NULL, content_kept = 0 WHERE number = ?")) {
            ps.setInt(1, number);
            ps.executeUpdate();
        }
    }

    /**
     * Removes a version's record; the versions it replaced then name the version it was replaced by, so that every
     * chain still ends at the current file.
     *
     * @param connection the write connection, inside a transaction
     * @param version the version
     * @throws SQLException on a database failure
     */
    public static void delete(Connection connection, SupersededFile version) throws SQLException {
        try (PreparedStatement ps = connection.prepareStatement(
                "UPDATE tq_catalog_versions SET superseded_by = ? WHERE superseded_by = ?")) {
            ps.setInt(1, version.supersededBy());
            ps.setInt(2, version.file().number());
            ps.executeUpdate();
        }
        try (PreparedStatement ps = connection.prepareStatement("DELETE FROM tq_catalog_versions WHERE number = ?")) {
            ps.setInt(1, version.file().number());
            ps.executeUpdate();
        }
    }

    private static SupersededFile read(ResultSet rs) throws SQLException {
        List<SheetInfo> sheets;
        try {
            sheets = JsonCodec.mapper().readValue(rs.getString(8), SHEETS);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        SourceFile file = new SourceFile(
                rs.getInt(1),
                rs.getString(2),
                rs.getString(3),
                rs.getLong(4),
                rs.getString(5),
                Instant.parse(rs.getString(6)),
                rs.getString(7),
                sheets);
        return new SupersededFile(file, rs.getInt(9), Instant.parse(rs.getString(10)), rs.getInt(11) != 0);
    }
}
