package io.tablequery.engine.dialect;

import static org.assertj.core.api.Assertions.assertThat;

import io.tablequery.dialects.testing.CorpusSuite;
import io.tablequery.dialects.translate.SqlLogicSuite;
import io.tablequery.engine.error.EngineException;
import io.tablequery.engine.exec.RunSqlResult;
import io.tablequery.engine.plan.PlanErrorCode;
import io.tablequery.engine.plan.PlanParser;
import io.tablequery.engine.result.ResultTable;
import io.tablequery.engine.skill.PlanEngine;
import io.tablequery.engine.skill.RunSqlRequest;
import io.tablequery.engine.skill.SkillSettings;
import io.tablequery.engine.skill.TableQuerySkill;
import io.tablequery.engine.testing.Plans;
import io.tablequery.engine.workspace.Workspace;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * SQLite's own query suite through run-sql, as an agent meets it: each file's database built by its statements and
 * uploaded as a SQLite file (so tables keep their rowids and keys), each query a one-step plan run on {@code sqlite}
 * and on {@code duckdb}. Of the plans SQLite answers, it counts those that translate, and of those, the answers equal
 * to SQLite's with their {@code __src} citations row for row (as unordered rows where the plan does not order them).
 * Every {@code tq.slt.every}-th query ({@code 8} in the build, which must finish in 30 minutes); the report goes to
 * {@code target/sqllogictest-run-sql-report.txt}.
 */
@CorpusSuite
class SqlLogicRunSqlTest {
    private static final int EVERY = Integer.getInteger("tq.slt.every", 8);

    @TempDir
    Path dir;

    private int answered;
    private int translated;
    private int equal;
    private int sumDigits;
    private final Map<String, Integer> refusals = new TreeMap<>();
    private final List<String> differences = new ArrayList<>();

    @Test
    void plansSqliteAnswersTranslateAndAnswerAlike() throws Exception {
        List<Path> files = SqlLogicSuite.files(5);
        for (int f = 0; f < files.size(); f++) {
            runFile(files.get(f), dir.resolve("f" + f));
        }
        StringBuilder report = new StringBuilder(
                "sqllogictest through run-sql (uploaded SQLite databases), every " + EVERY + " queries\n");
        report.append("SQLite answered %d; translated %d (%.1f%%); equal with citations %d; real sums' digits %d;"
                        .formatted(answered, translated, 100.0 * translated / answered, equal, sumDigits))
                .append(" different %d%n".formatted(differences.size()));
        report.append("refusals:\n");
        refusals.entrySet().stream()
                .sorted(Map.Entry.<String, Integer>comparingByValue().reversed())
                .forEach(entry -> report.append("  %5d %s%n".formatted(entry.getValue(), entry.getKey())));
        differences.stream().limit(40).forEach(difference -> report.append(difference)
                .append('\n'));
        Files.createDirectories(Path.of("target"));
        Files.writeString(Path.of("target", "sqllogictest-run-sql-report.txt"), report.toString());
        assertThat(differences).as(report.toString()).isEmpty();
        assertThat(translated).as(report.toString()).isGreaterThanOrEqualTo(answered * 95 / 100);
    }

    private void runFile(Path file, Path work) throws Exception {
        List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        Files.createDirectories(work);
        Path database = work.resolve("db.sqlite");
        boolean dirty = true;
        int seen = 0;
        try (Connection sqlite = DriverManager.getConnection("jdbc:sqlite:" + database);
                Workspace workspace = Workspace.open(work.resolve("ws"))) {
            TableQuerySkill skill = new TableQuerySkill(workspace, SkillSettings.DEFAULTS);
            int i = 0;
            while (i < lines.size()) {
                if (lines.get(i).isBlank() || lines.get(i).startsWith("#")) {
                    i++;
                    continue;
                }
                boolean skip = false;
                while (lines.get(i).startsWith("skipif") || lines.get(i).startsWith("onlyif")) {
                    String[] words = lines.get(i).split("\\s+");
                    skip |= words[0].equals("skipif") == words[1].equals("sqlite");
                    i++;
                }
                List<String> record = new ArrayList<>();
                while (i < lines.size() && !lines.get(i).isBlank()) {
                    record.add(lines.get(i++));
                }
                String header = record.get(0);
                if (header.startsWith("halt") && !skip) {
                    break;
                }
                if (skip) {
                    continue;
                }
                if (header.startsWith("statement")) {
                    try (Statement statement = sqlite.createStatement()) {
                        statement.executeUpdate(String.join("\n", record.subList(1, record.size())));
                        dirty = true;
                    } catch (SQLException e) {
                        // "statement error" records fail on purpose; the database stays as it was.
                    }
                } else if (header.startsWith("query") && seen++ % EVERY == 0) {
                    if (dirty) {
                        dirty = !upload(workspace, database);
                        if (dirty) {
                            continue;
                        }
                    }
                    int end = record.indexOf("----");
                    query(
                            skill,
                            file.getFileName() + "",
                            String.join("\n", record.subList(1, end < 0 ? record.size() : end)));
                }
            }
        }
    }

    /** Uploads the database as it is now, replacing the last upload; false when it holds no table to read. */
    private static boolean upload(Workspace workspace, Path database) {
        try {
            workspace.ingest(database);
            return true;
        } catch (EngineException e) {
            return false;
        }
    }

    private void query(TableQuerySkill skill, String file, String sql) {
        RunSqlResult expected;
        try {
            expected = run(skill, PlanEngine.SQLITE, sql);
        } catch (EngineException e) {
            return;
        }
        answered++;
        RunSqlResult actual;
        try {
            actual = run(skill, PlanEngine.DUCKDB, sql);
        } catch (EngineException e) {
            if (e.getErrorCode() == PlanErrorCode.UNTRANSLATABLE.toErrorCode()) {
                String reason = e.getMessage().replaceFirst("^step 1 cannot run on DuckDB with SQLite's answers: ", "");
                refusals.merge(reason.replaceFirst("\\. Nothing ran.*", "").replaceAll("[0-9]+", "N"), 1, Integer::sum);
            } else {
                translated++;
                refusals.merge(
                        "at run time: " + e.getMessage().lines().findFirst().orElse(""), 1, Integer::sum);
            }
            return;
        }
        translated++;
        ResultTable sqliteTable = expected.tables().get(0);
        ResultTable duckdbTable = actual.tables().get(0);
        List<String> left = sqliteTable.csv().lines().toList();
        List<String> right = duckdbTable.csv().lines().toList();
        boolean cut =
                sqliteTable.omittedRows() > 0 && !sql.toUpperCase(Locale.ROOT).contains("ORDER BY");
        if (left.equals(right)
                || sorted(left).equals(sorted(right))
                || cut && sqliteTable.totalRows() == duckdbTable.totalRows()) {
            // A cut answer of unordered rows shows some of them: the counts are what both must agree on.
            equal++;
        } else if (actual.notices().stream().anyMatch(notice -> notice.contains("adds reals in DuckDB's order"))) {
            sumDigits++;
        } else {
            List<String> onlySqlite = new ArrayList<>(left);
            onlySqlite.removeAll(right);
            List<String> onlyDuckdb = new ArrayList<>(right);
            onlyDuckdb.removeAll(left);
            differences.add("%s: %s%n  %d vs %d rows; sqlite only %s%n  duckdb only %s"
                    .formatted(
                            file,
                            sql,
                            sqliteTable.totalRows(),
                            duckdbTable.totalRows(),
                            onlySqlite.stream().limit(3).toList(),
                            onlyDuckdb.stream().limit(3).toList()));
        }
    }

    private static List<String> sorted(List<String> lines) {
        List<String> copy = new ArrayList<>(lines);
        copy.sort(null);
        return copy;
    }

    private static RunSqlResult run(TableQuerySkill skill, PlanEngine engine, String sql) {
        String plan = Plans.plan(Plans.step(1, "CREATE TEMP TABLE \"q\" AS " + sql, "q", "final"));
        return skill.runSql(new RunSqlRequest(PlanParser.parse(plan), 2000, null, engine));
    }
}
