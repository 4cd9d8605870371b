package io.tablequery.engine.workspace;

import static io.tablequery.dialects.SqlIdentifiers.quote;
import static org.assertj.core.api.Assertions.assertThat;

import io.tablequery.engine.catalog.SourceFile;
import io.tablequery.engine.catalog.SupersededFile;
import io.tablequery.engine.catalog.TableInfo;
import io.tablequery.engine.catalog.VersionStore;
import io.tablequery.engine.plan.PlanParser;
import io.tablequery.engine.skill.PlanEngine;
import io.tablequery.engine.skill.RunSqlRequest;
import io.tablequery.engine.skill.SkillSettings;
import io.tablequery.engine.skill.TableQuerySkill;
import io.tablequery.engine.testing.Plans;
import io.tablequery.engine.testing.TableReader;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.sql.Connection;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.StringJoiner;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.apache.poi.ss.usermodel.Row;
import org.apache.poi.ss.usermodel.Sheet;
import org.apache.poi.xssf.streaming.SXSSFWorkbook;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Kills a child JVM with SIGKILL at random moments while it uploads, replaces and deletes files, 12 times, and checks
 * after each kill that the workspace opens, holds exactly the files committed before the kill (or also the one in
 * flight, if its commit had landed), and that both copies and the stored bytes agree with the catalog. Half the kills
 * land at a random point just after an upload's SQLite commit, while its DuckDB copy is being made: after each, every
 * committed table answers the same on SQLite and on DuckDB, values and citations.
 */
class CrashSafetyTest {
    /** Kills in the build (the CI budget); {@code -Dtq.crash.kills=24} or more for a longer run. */
    private static final int KILLS = Integer.getInteger("tq.crash.kills", 12);

    @TempDir
    Path dir;

    @Test
    void survivesKillsAtRandomMoments() throws Exception {
        Path csv = writeCsv(dir.resolve("orders-source.csv"));
        Path xlsx = writeXlsx(dir.resolve("sales-source.xlsx"));
        Path workspaceDir = dir.resolve("ws");
        Path childTemp = Files.createDirectories(dir.resolve("child-tmp"));
        Random random = new Random(20261129);
        int midOperation = 0;
        for (int kill = 0; kill < KILLS; kill++) {
            Process child = new ProcessBuilder(
                            Path.of(System.getProperty("java.home"), "bin", "java")
                                    .toString(),
                            "--add-opens=java.base/java.nio=ALL-UNNAMED",
                            "-Xmx512m",
                            // A killed JVM never deletes the DuckDB and SQLite libraries it unpacked (69 MB and more
                            // each); unpacked here, they go with the test's directory.
                            "-Djava.io.tmpdir=" + childTemp,
                            "-cp",
                            System.getProperty("java.class.path"),
                            CrashSafetyChild.class.getName(),
                            workspaceDir.toString(),
                            csv.toString(),
                            xlsx.toString())
                    .redirectError(ProcessBuilder.Redirect.DISCARD)
                    .start();
            List<String> lines = new ArrayList<>();
            Thread reader = new Thread(() -> {
                try (BufferedReader in =
                        new BufferedReader(new InputStreamReader(child.getInputStream(), StandardCharsets.UTF_8))) {
                    for (String line; (line = in.readLine()) != null; ) {
                        synchronized (lines) {
                            lines.add(line);
                        }
                    }
                } catch (IOException e) {
                    // The pipe closes when the child dies.
                }
            });
            reader.start();
            waitForOpen(lines);
            if (kill % 2 == 0) {
                Thread.sleep(100 + random.nextInt(2500));
            } else {
                // In the window after an upload's commit, while its DuckDB copy follows.
                waitForCommit(lines);
                Thread.sleep(random.nextInt(400));
            }
            child.destroyForcibly();
            child.waitFor();
            reader.join();
            if (lines.get(lines.size() - 1).startsWith("BEGIN")) {
                midOperation++;
            }
            try (Workspace workspace = Workspace.open(workspaceDir)) {
                assertThat(names(workspace)).isIn(allowedStates(lines));
                assertConsistent(workspace);
            }
        }
        assertThat(midOperation).as("kills that landed inside an operation").isGreaterThan(KILLS / 2);
    }

    private static void waitForOpen(List<String> lines) throws InterruptedException {
        for (int i = 0; i < 600; i++) {
            synchronized (lines) {
                if (!lines.isEmpty()) {
                    return;
                }
            }
            Thread.sleep(50);
        }
        throw new AssertionError("the child did not open the workspace");
    }

    /** Waits for the child to commit its next upload after those seen so far. */
    private static void waitForCommit(List<String> lines) throws InterruptedException {
        int seen;
        synchronized (lines) {
            seen = lines.size();
        }
        for (int i = 0; i < 1200; i++) {
            synchronized (lines) {
                for (int l = Math.max(1, seen); l < lines.size(); l++) {
                    if (lines.get(l).startsWith("STATE") && lines.get(l - 1).startsWith("BEGIN UPLOAD")) {
                        return;
                    }
                }
            }
            Thread.sleep(5);
        }
        throw new AssertionError("the child committed no upload");
    }

    /** The catalog after the last committed operation, or after the one in flight if its commit landed. */
    private static Set<Set<String>> allowedStates(List<String> lines) {
        Set<String> committed = new TreeSet<>();
        String pending = null;
        for (String line : lines) {
            if (line.startsWith("OPEN ") || line.startsWith("STATE ")) {
                String list = line.substring(line.indexOf(' ') + 1);
                committed = list.isEmpty() ? new TreeSet<>() : new TreeSet<>(Arrays.asList(list.split(",")));
                pending = null;
            } else if (line.startsWith("BEGIN ")) {
                pending = line.substring(6);
            }
        }
        Set<String> applied = new TreeSet<>(committed);
        if (pending != null) {
            String name = pending.substring(pending.indexOf(' ') + 1);
            if (pending.startsWith("DELETE")) {
                applied.remove(name);
            } else {
                applied.add(name);
            }
        }
        return new HashSet<>(List.of(committed, applied));
    }

    private static Set<String> names(Workspace workspace) {
        return workspace.catalog().files().stream()
                .map(SourceFile::name)
                .collect(Collectors.toCollection(TreeSet::new));
    }

    private static void assertConsistent(Workspace workspace) throws Exception {
        try (Connection sqlite = workspace.openSqliteReader();
                Connection duckDb = workspace.openDuckDb();
                Stream<Path> stored = Files.list(workspace.directory().resolve("files"))) {
            Set<String> expectedDirs = new TreeSet<>();
            for (SourceFile file : workspace.catalog().files()) {
                expectedDirs.add(file.ref());
                Path bytes = workspace.directory().resolve(file.storedPath());
                assertThat(HexFormat.of()
                                .formatHex(MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(bytes))))
                        .isEqualTo(file.sha256());
            }
            for (SupersededFile version : VersionStore.list(sqlite)) {
                if (version.contentKept()) {
                    expectedDirs.add(version.file().ref());
                    Path bytes = workspace.directory().resolve(version.file().storedPath());
                    assertThat(HexFormat.of()
                                    .formatHex(
                                            MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(bytes))))
                            .as(
                                    "the kept bytes of superseded %s",
                                    version.file().ref())
                            .isEqualTo(version.file().sha256());
                }
            }
            Set<String> storedDirs =
                    stored.map(p -> p.getFileName().toString()).collect(Collectors.toCollection(TreeSet::new));
            assertThat(storedDirs).isEqualTo(expectedDirs);
            Set<String> tables = new TreeSet<>();
            for (TableInfo table : workspace.catalog().tables()) {
                tables.add(table.name());
                String count = "SELECT count(*) FROM ";
                assertThat(TableReader.rows(sqlite, count + quote(table.name()))
                                .get(0)
                                .get(0))
                        .isEqualTo((int) table.rowCount());
                assertThat(TableReader.rows(duckDb, count + "main." + quote(table.name()))
                                .get(0)
                                .get(0))
                        .isEqualTo(table.rowCount());
                assertThat(TableReader.rows(duckDb, count + "tq_sqlite." + quote(table.name()))
                                .get(0)
                                .get(0))
                        .isEqualTo(table.rowCount());
            }
            List<String> sqliteTables = TableReader.rows(
                            sqlite,
                            "SELECT name FROM sqlite_schema WHERE type = 'table'"
                                    + " AND name NOT LIKE 'tq\\_catalog\\_%' ESCAPE '\\'")
                    .stream()
                    .map(r -> (String) r.get(0))
                    .toList();
            assertThat(new TreeSet<>(sqliteTables)).isEqualTo(tables);
            List<String> views = TableReader.rows(
                            duckDb,
                            "SELECT view_name FROM duckdb_views() WHERE schema_name =" + " 'main' AND NOT internal")
                    .stream()
                    .map(r -> (String) r.get(0))
                    .toList();
            assertThat(new TreeSet<>(views)).isEqualTo(tables);
            long physical = (long) TableReader.rows(
                            duckDb,
                            "SELECT count(*) FROM duckdb_tables() WHERE schema_name ="
                                    + " 'tq_store' AND table_name <> 'tq_views'")
                    .get(0)
                    .get(0);
            assertThat(physical).isEqualTo(tables.size());
        }
        sameOnBothEngines(workspace);
    }

    /** Every table answers the same on SQLite and on DuckDB: its values summarized per column, and their citations. */
    private static void sameOnBothEngines(Workspace workspace) {
        TableQuerySkill skill = new TableQuerySkill(workspace, SkillSettings.DEFAULTS);
        for (TableInfo table : workspace.catalog().tables()) {
            StringJoiner select = new StringJoiner(", ", "SELECT count(*) AS n, ", " FROM " + quote(table.name()));
            for (int c = 0; c < table.columns().size(); c++) {
                String column = quote(table.columns().get(c).name());
                select.add("count(%1$s) AS c%2$d, min(%1$s) AS lo%2$d, max(%1$s) AS hi%2$d".formatted(column, c));
            }
            String plan = Plans.chain(select.toString());
            String onSqlite = skill.runSql(new RunSqlRequest(PlanParser.parse(plan), 10, null, PlanEngine.SQLITE))
                    .tables()
                    .get(0)
                    .csv();
            String onDuckDb = skill.runSql(new RunSqlRequest(PlanParser.parse(plan), 10, null, PlanEngine.DUCKDB))
                    .tables()
                    .get(0)
                    .csv();
            assertThat(onDuckDb).as(table.name()).isEqualTo(onSqlite);
        }
    }

    private static Path writeCsv(Path file) throws Exception {
        try (Writer out = Files.newBufferedWriter(file)) {
            out.write("id,city,day,amount\n");
            for (int i = 1; i <= 150_000; i++) {
                out.write(i + ",City " + (i % 97) + ",2024-" + (1 + i % 12 < 10 ? "0" : "") + (1 + i % 12) + "-15,"
                        + (i % 1000) / 10.0 + "\n");
            }
        }
        return file;
    }

    private static Path writeXlsx(Path file) throws Exception {
        try (SXSSFWorkbook workbook = new SXSSFWorkbook();
                OutputStream out = Files.newOutputStream(file)) {
            for (String name : List.of("North", "South")) {
                Sheet sheet = workbook.createSheet(name);
                Row header = sheet.createRow(0);
                header.createCell(0).setCellValue("item");
                header.createCell(1).setCellValue("qty");
                for (int r = 1; r <= 20_000; r++) {
                    Row row = sheet.createRow(r);
                    row.createCell(0).setCellValue("item " + r);
                    row.createCell(1).setCellValue(r % 50);
                }
            }
            workbook.write(out);
            workbook.dispose();
        }
        return file;
    }
}
