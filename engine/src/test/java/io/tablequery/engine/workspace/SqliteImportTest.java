package io.tablequery.engine.workspace;

import static io.tablequery.engine.testing.Rows.row;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import io.tablequery.engine.catalog.ColumnInfo;
import io.tablequery.engine.catalog.ColumnType;
import io.tablequery.engine.catalog.TableInfo;
import io.tablequery.engine.ingest.report.IngestReport;
import io.tablequery.engine.ingest.values.CoercionExample;
import io.tablequery.engine.ingest.values.CoercionKind;
import io.tablequery.engine.ingest.values.CoercionReport;
import io.tablequery.engine.testing.Rows;
import io.tablequery.engine.testing.TableReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Date;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.LocalDate;
import java.util.HexFormat;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A SQLite database upload: its SQLite copy answers queries exactly as the original does (same rowids, declared
 * types, storage classes and indexes), and its DuckDB copy holds the same values in native types.
 */
class SqliteImportTest {
    @TempDir
    Path dir;

    private Path source;

    @BeforeEach
    void createSource() throws SQLException {
        source = dir.resolve("shop.sqlite");
        try (Connection connection = DriverManager.getConnection("jdbc:sqlite:" + source);
                Statement statement = connection.createStatement()) {
            statement.executeUpdate("""
                    CREATE TABLE people (id INTEGER PRIMARY KEY, name VARCHAR(30), registered BOOLEAN, born DATE,
                        seen DATETIME, score NUMERIC, misc, odd "weird) type")""");
            statement.executeUpdate("""
                    INSERT INTO people VALUES
                        (0, 'Zero', 1, '2020-01-31', '2020-01-31 10:00:00', 1, 1, 'x'),
                        (-5, 'Minus', 0, '1999-12-01', '2020-01-31 10:00', 2.5, 1.0, 2),
                        (7, 'Seven', 1, NULL, '2020-01-31', '3', '1', NULL),
                        (1000, 'Big', NULL, '2001-02-03', NULL, 'abc', x'01ff', '3')""");
            statement.executeUpdate("CREATE INDEX people_name ON people (name)");
            statement.executeUpdate("CREATE INDEX people_lower ON people (lower(name))");
            statement.executeUpdate("CREATE UNIQUE INDEX people_born_seen ON people (born, seen)");
            statement.executeUpdate("CREATE INDEX people_partial ON people (score) WHERE score > 1");
            statement.executeUpdate("CREATE TABLE empty_table (a INTEGER, b TEXT)");
            statement.executeUpdate("CREATE TABLE keyed (k TEXT PRIMARY KEY, v REAL) WITHOUT ROWID");
            statement.executeUpdate("INSERT INTO keyed VALUES ('b', 1.5), ('a', 2)");
            statement.executeUpdate("CREATE TABLE shadowed (rowid TEXT, _rowid_ TEXT, oid TEXT, x INTEGER)");
            statement.executeUpdate("INSERT INTO shadowed VALUES ('r', 'u', 'o', 1), ('r2', 'u2', 'o2', 2)");
            statement.executeUpdate("CREATE TABLE trailing (a INTEGER, b TEXT, c REAL)");
            statement.executeUpdate("INSERT INTO trailing VALUES (1, 'one', NULL), (2, '', NULL)");
        }
    }

    @Test
    void theSqliteCopyKeepsRowidsValuesAndStorageClasses() throws Exception {
        try (Workspace workspace = Workspace.open(dir.resolve("ws"));
                Connection original = DriverManager.getConnection("jdbc:sqlite:" + source)) {
            workspace.ingest(source);
            try (Connection copy = workspace.openSqliteReader()) {
                String people = "SELECT rowid, *, typeof(registered), typeof(score), typeof(misc), typeof(odd)"
                        + " FROM people ORDER BY rowid";
                assertThat(plain(TableReader.rows(copy, people))).isEqualTo(plain(TableReader.rows(original, people)));
                assertThat(plain(TableReader.rows(copy, "SELECT rowid, * FROM people ORDER BY rowid")))
                        .first()
                        .isEqualTo(row(-5, -5, "Minus", 0, "1999-12-01", "2020-01-31 10:00", 2.5, 1.0, 2));
                for (String query : List.of(
                        "SELECT name FROM people WHERE score = '3'",
                        "SELECT name FROM people WHERE misc = '1'",
                        "SELECT name FROM people WHERE odd = 2",
                        "SELECT name, score FROM people ORDER BY score, name",
                        "SELECT sum(registered), count(born) FROM people")) {
                    assertThat(plain(TableReader.rows(copy, query)))
                            .as(query)
                            .isEqualTo(plain(TableReader.rows(original, query)));
                }
                assertThat(TableReader.rows(copy, "SELECT * FROM trailing ORDER BY rowid"))
                        .isEqualTo(TableReader.rows(original, "SELECT * FROM trailing ORDER BY rowid"));
                assertThat(Rows.normalizeAll(TableReader.rows(copy, "SELECT rowid, * FROM keyed ORDER BY rowid")))
                        .containsExactly(row(1, "a", 2.0), row(2, "b", 1.5));
                assertThat(Rows.normalizeAll(TableReader.rows(
                                copy, "SELECT rowid, x, rowid_2, \"_rowid__2\", oid_2 FROM shadowed ORDER BY rowid")))
                        .containsExactly(row(1, 1, "r", "u", "o"), row(2, 2, "r2", "u2", "o2"));
            }
        }
    }

    @Test
    void textWithANulIsStoredRepairedInBothCopiesAsTheReportSays() throws Exception {
        try (Connection original = DriverManager.getConnection("jdbc:sqlite:" + source);
                Statement statement = original.createStatement()) {
            statement.executeUpdate("CREATE TABLE notes (body TEXT)");
            statement.executeUpdate("INSERT INTO notes VALUES ('x' || char(0) || 'y'), ('plain')");
        }
        try (Workspace workspace = Workspace.open(dir.resolve("ws"))) {
            IngestReport report = workspace.ingest(source).report();
            assertThat(report.sheets().stream()
                            .filter(sheet -> sheet.name().equals("notes"))
                            .flatMap(sheet -> sheet.coercions().stream())
                            .filter(c -> c.kind() == CoercionKind.CONTROL_CHARACTERS_REMOVED)
                            .mapToLong(CoercionReport::count)
                            .sum())
                    .isEqualTo(1);
            assertThat(report.sheets().stream()
                            .filter(sheet -> sheet.name().equals("notes"))
                            .flatMap(sheet -> sheet.coercions().stream())
                            .filter(c -> c.kind() == CoercionKind.CONTROL_CHARACTERS_REMOVED)
                            .flatMap(c -> c.examples().stream()))
                    .singleElement()
                    .isEqualTo(new CoercionExample("rowid 1", "x\\0y", "xy"));
            String query = "SELECT body, length(body) FROM notes ORDER BY body DESC";
            try (Connection copy = workspace.openSqliteReader()) {
                assertThat(plain(TableReader.rows(copy, query))).containsExactly(row("xy", 2), row("plain", 5));
            }
            try (Connection duck = workspace.openDuckDb()) {
                assertThat(plain(TableReader.rows(duck, query))).containsExactly(row("xy", 2), row("plain", 5));
            }
        }
    }

    @Test
    void theSqliteCopyDeclaresTheOriginalTypesAndIndexes() throws Exception {
        try (Workspace workspace = Workspace.open(dir.resolve("ws"))) {
            workspace.ingest(source);
            try (Connection copy = workspace.openSqliteReader()) {
                assertThat(TableReader.rows(copy, "SELECT name, type FROM pragma_table_info('people')"))
                        .containsExactly(
                                List.of("id", "INTEGER"),
                                List.of("name", "VARCHAR(30)"),
                                List.of("registered", "BOOLEAN"),
                                List.of("born", "DATE"),
                                List.of("seen", "DATETIME"),
                                List.of("score", "NUMERIC"),
                                List.of("misc", ""),
                                List.of("odd", "NUMERIC"));
                assertThat(TableReader.rows(
                                copy,
                                "SELECT group_concat(ii.name, ',') || ' unique ' || il.\"unique\""
                                        + " FROM pragma_index_list('people') il, pragma_index_info(il.name) ii"
                                        + " GROUP BY il.name ORDER BY 1"))
                        .containsExactly(List.of("born,seen unique 1"), List.of("name unique 0"));
                // The INTEGER PRIMARY KEY stays the rowid's alias: no index of its own, never NULL, unique.
                assertThat(TableReader.rows(copy, "SELECT name FROM pragma_table_info('people') WHERE pk = 1"))
                        .containsExactly(List.of("id"));
                assertThat(TableReader.rows(
                                copy,
                                "SELECT ii.name, il.\"unique\" FROM pragma_index_list('keyed') il,"
                                        + " pragma_index_info(il.name) ii"))
                        .containsExactly(List.of("k", 1));
                assertThat(TableReader.rows(copy, "EXPLAIN QUERY PLAN SELECT name FROM people WHERE id = 7"))
                        .anySatisfy(step -> assertThat(step.get(3).toString()).contains("USING INTEGER PRIMARY KEY"));
                assertThat(TableReader.rows(copy, "EXPLAIN QUERY PLAN SELECT id FROM people WHERE name = 'x'"))
                        .anySatisfy(
                                step -> assertThat(step.get(3).toString()).contains("USING COVERING INDEX tq_index"));
            }
        }
    }

    @Test
    void theDuckDbCopyHoldsNativeTypesAlsoWhenRebuilt() throws Exception {
        List<List<Object>> expected = List.of(
                row(-5L, "Minus", false, LocalDate.of(1999, 12, 1), "2020-01-31 10:00", "2.5", "1", "2"),
                row(0L, "Zero", true, LocalDate.of(2020, 1, 31), "2020-01-31 10:00:00", "1", "1", "x"),
                row(7L, "Seven", true, null, "2020-01-31", "3", "1", null),
                row(1000L, "Big", null, LocalDate.of(2001, 2, 3), null, "abc", "X'01FF'", "3"));
        try (Workspace workspace = Workspace.open(dir.resolve("ws"))) {
            IngestReport report = workspace.ingest(source).report();
            TableInfo people = workspace.catalog().table("people").orElseThrow();
            assertThat(people.columns())
                    .extracting(ColumnInfo::type)
                    .containsExactly(
                            ColumnType.INTEGER,
                            ColumnType.TEXT,
                            ColumnType.BOOLEAN,
                            ColumnType.DATE,
                            ColumnType.TEXT,
                            ColumnType.TEXT,
                            ColumnType.TEXT,
                            ColumnType.TEXT);
            assertThat(duckDbPeople(workspace)).isEqualTo(expected);
            assertThat(workspace.catalog().tables())
                    .extracting(TableInfo::name, TableInfo::rowCount)
                    .contains(tuple("empty_table", 0L), tuple("keyed", 2L), tuple("trailing", 2L));
            assertThat(report.sheets().stream()
                            .flatMap(sheet -> sheet.coercions().stream())
                            .filter(c -> c.kind() == CoercionKind.TEXT_IN_DUCKDB_ONLY)
                            .mapToLong(CoercionReport::count)
                            .sum())
                    .isEqualTo(8);
            assertThat(report.sheets())
                    .filteredOn(sheet -> sheet.name().equals("shadowed"))
                    .singleElement()
                    .satisfies(sheet -> assertThat(sheet.notes())
                            .contains("column rowid is named 'rowid', which SQLite keeps for the row id (each row's"
                                    + " provenance); named rowid_2"));
        }
        Files.write(dir.resolve("ws/tables.duckdb"), new byte[] {1, 2, 3});
        Files.deleteIfExists(dir.resolve("ws/tables.duckdb.wal"));
        try (Workspace reopened = Workspace.open(dir.resolve("ws"))) {
            assertThat(duckDbPeople(reopened)).isEqualTo(expected);
        }
    }

    private static List<List<Object>> duckDbPeople(Workspace workspace) throws SQLException {
        try (Connection duckDb = workspace.openDuckDb()) {
            List<List<Object>> rows = TableReader.rows(
                    duckDb, "SELECT id, name, registered, born, seen, score, misc, odd FROM main.people ORDER BY id");
            return Rows.normalizeAll(rows.stream()
                    .map(r -> r.stream()
                            .map(v -> v instanceof Date d ? (Object) d.toLocalDate() : v)
                            .toList())
                    .toList());
        }
    }

    /** Rows with integral numbers as Long and blobs as hex, so they compare by value. */
    private static List<List<Object>> plain(List<List<Object>> rows) {
        return Rows.normalizeAll(rows.stream()
                .map(r -> r.stream()
                        .map(v -> v instanceof byte[] bytes
                                ? (Object) HexFormat.of().formatHex(bytes)
                                : v)
                        .toList())
                .toList());
    }

    /**
     * Nothing of a database is left out without a word: a generated column keeps its place and values (table_info, which
     * the reader used, leaves it out while SELECT * returns it, so the columns after it took its values), a view
     * becomes a table of its rows, and a virtual table is named as left out.
     */
    @Test
    void generatedColumnsViewsAndVirtualTablesAreReadOrNamed() throws Exception {
        Path db = dir.resolve("orders.sqlite");
        try (Connection connection = DriverManager.getConnection("jdbc:sqlite:" + db);
                Statement statement = connection.createStatement()) {
            statement.executeUpdate("CREATE TABLE lines (qty INTEGER, total REAL GENERATED ALWAYS AS (qty * price),"
                    + " price REAL, tax REAL AS (price / 10) STORED)");
            statement.executeUpdate("INSERT INTO lines (qty, price) VALUES (2, 5.0), (3, 10.0)");
            statement.executeUpdate("CREATE VIEW big AS SELECT qty, price FROM lines WHERE price > 6");
            statement.executeUpdate("CREATE VIRTUAL TABLE notes USING fts5(body)");
            statement.executeUpdate("INSERT INTO notes VALUES ('hello world')");
        }
        try (Workspace workspace = Workspace.open(dir.resolve("ws"))) {
            IngestResult result = workspace.ingest(db);
            assertThat(result.tables()).extracting(TableInfo::name).containsExactly("lines", "big");
            assertThat(Rows.normalizeAll(TableReader.sqlite(workspace, "lines")))
                    .containsExactly(row(1, 2, 10.0, 5.0, 0.5), row(2, 3, 30.0, 10.0, 1.0));
            assertThat(Rows.normalizeAll(TableReader.sqlite(workspace, "big"))).containsExactly(row(1, 3, 10.0));
            assertThat(result.report().notes())
                    .anySatisfy(note -> assertThat(note)
                            .startsWith("views were read as tables")
                            .contains("\"big\""))
                    .anySatisfy(note ->
                            assertThat(note).startsWith("virtual tables").contains("\"notes\""))
                    .anySatisfy(note -> assertThat(note)
                            .startsWith("generated columns")
                            .contains("\"lines\".\"total\"", "\"lines\".\"tax\""));
        }
    }
}
