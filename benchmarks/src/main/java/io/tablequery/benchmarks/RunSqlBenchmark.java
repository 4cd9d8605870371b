package io.tablequery.benchmarks;

import io.tablequery.engine.plan.PlanParser;
import io.tablequery.engine.plan.QueryPlan;
import io.tablequery.engine.plan.SkillNames;
import io.tablequery.engine.skill.PlanEngine;
import io.tablequery.engine.skill.RunSqlRequest;
import io.tablequery.engine.skill.RunSqlText;
import io.tablequery.engine.skill.SkillSettings;
import io.tablequery.engine.skill.TableQuerySkill;
import io.tablequery.engine.workspace.Workspace;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.commons.io.file.PathUtils;

/**
 * run-sql's overhead against running the same SELECT directly on a read-only SQLite connection of the same
 * workspace, reading every row: validation, the plan's temp table, the count, the capped fetch through Arrow and
 * the text. The direct query opens a new connection per run, as run-sql did before the workspace kept its readers
 * open; run-sql borrows a kept one. They alternate, and the report gives medians. The last two cases read a 2-row
 * table, before and after a SQLite database of many tables was uploaded into the same workspace.
 */
final class RunSqlBenchmark {
    /**
     * One query's medians.
     *
     * @param rows rows the query returns
     * @param maxRows run-sql's row ceiling
     * @param directMicros median time of the direct query, reading every row
     * @param runSqlMicros median time of run-sql, to its text
     */
    record Case(long rows, int maxRows, long directMicros, long runSqlMicros) {
        double ratio() {
            return runSqlMicros / (double) directMicros;
        }
    }

    private RunSqlBenchmark() {}

    static Map<String, Case> run(Path data, int tableRows, int moreTables, int repetitions)
            throws IOException, SQLException {
        Path csv = data.resolve("runsql-" + tableRows + ".csv");
        if (!Files.exists(csv)) {
            Files.createDirectories(data);
            try (Writer out = Files.newBufferedWriter(csv, StandardCharsets.UTF_8)) {
                out.write("id,city,product,quantity,price,note\n");
                String[] cities = {"Shanghai", "上海", "Berlin", "Paris", "Tokyo"};
                for (int i = 1; i <= tableRows; i++) {
                    out.write(i + "," + cities[i % cities.length] + ",item " + (i % 97) + "," + (i % 13) + ","
                            + (i % 1000) / 10.0 + ",note number " + i + "\n");
                }
            }
        }
        Path directory = Files.createTempDirectory(data, "runsql-ws-");
        Map<String, Case> cases = new LinkedHashMap<>();
        try (Workspace workspace = Workspace.open(directory)) {
            workspace.ingest(csv, "items.csv", progress -> {});
            workspace.awaitDuckDb(Duration.ofHours(1));
            TableQuerySkill skill = new TableQuerySkill(workspace, SkillSettings.DEFAULTS);
            String small = "SELECT * FROM \"items\" WHERE \"id\" BETWEEN 1000 AND 1009";
            String large = "SELECT * FROM \"items\" WHERE \"id\" <= 100000";
            cases.put("small (10 rows)", measure(workspace, skill, small, "items", 100, repetitions));
            cases.put("100k rows, --max-rows 100", measure(workspace, skill, large, "items", 100, repetitions));
            cases.put("100k rows, --max-rows 2000", measure(workspace, skill, large, "items", 2000, repetitions));
            Path tiny = data.resolve("runsql-tiny.csv");
            Files.writeString(tiny, "id,name\n1,a\n2,b\n", StandardCharsets.UTF_8);
            workspace.ingest(tiny, "tiny.csv", progress -> {});
            workspace.awaitDuckDb(Duration.ofHours(1));
            String twoRows = "SELECT * FROM \"tiny\"";
            cases.put("2-row table", measure(workspace, skill, twoRows, "tiny", 100, repetitions));
            workspace.ingest(manyTables(data, moreTables), "many.sqlite", progress -> {});
            workspace.awaitDuckDb(Duration.ofHours(1));
            cases.put(
                    "2-row table, %,d more tables".formatted(moreTables),
                    measure(workspace, skill, twoRows, "tiny", 100, repetitions));
        } finally {
            PathUtils.deleteDirectory(directory);
        }
        return cases;
    }

    private static Case measure(
            Workspace workspace, TableQuerySkill skill, String select, String table, int maxRows, int reps)
            throws SQLException {
        QueryPlan plan = PlanParser.parse("""
                {"queries":[{"step":1,"sql":"CREATE TEMP TABLE \\"final_table_step1\\" AS %s",\
                "source_table_names":["%s"],"destine_table_name":"final_table_step1",\
                "destine_table_type":"final","destine_table_description":"bench"}]}""".formatted(select.replace("\"", "\\\""), table));
        RunSqlRequest request = new RunSqlRequest(plan, maxRows, null, PlanEngine.SQLITE);
        long rows = 0;
        for (int i = 0; i < 3; i++) {
            rows = direct(workspace, select);
            RunSqlText.format(skill.runSql(request), SkillNames.CLI);
        }
        List<Long> direct = new ArrayList<>();
        List<Long> runSql = new ArrayList<>();
        for (int rep = 0; rep < reps; rep++) {
            long t0 = System.nanoTime();
            direct(workspace, select);
            long t1 = System.nanoTime();
            RunSqlText.format(skill.runSql(request), SkillNames.CLI);
            long t2 = System.nanoTime();
            direct.add((t1 - t0) / 1000);
            runSql.add((t2 - t1) / 1000);
        }
        return new Case(rows, maxRows, median(direct), median(runSql));
    }

    /** Runs the SELECT on a new read-only connection and reads every value as text; returns the rows read. */
    private static long direct(Workspace workspace, String select) throws SQLException {
        try (Connection connection = workspace.openSqliteReader()) {
            return TextRows.read(connection, select);
        }
    }

    /**
     * A SQLite database of {@code count} small tables, uploaded in one step: a workspace of many tables, whose
     * schema a new SQLite connection parses before its first statement.
     */
    private static Path manyTables(Path data, int count) throws IOException, SQLException {
        Path file = data.resolve("many-" + count + ".sqlite");
        if (Files.exists(file)) {
            return file;
        }
        Path partial = data.resolve("many-" + count + ".sqlite.partial");
        Files.deleteIfExists(partial);
        try (Connection connection = DriverManager.getConnection("jdbc:sqlite:" + partial.toAbsolutePath());
                Statement statement = connection.createStatement()) {
            connection.setAutoCommit(false);
            for (int i = 1; i <= count; i++) {
                statement.execute("CREATE TABLE \"more_%d\" (id INTEGER, name TEXT, amount REAL)".formatted(i));
                statement.execute("INSERT INTO \"more_%d\" VALUES (1, 'a', 1.5), (2, 'b', 2.5)".formatted(i));
            }
            connection.commit();
        }
        Files.move(partial, file);
        return file;
    }

    private static long median(List<Long> values) {
        Long[] sorted = values.toArray(Long[]::new);
        Arrays.sort(sorted);
        return sorted[sorted.length / 2];
    }
}
