package io.tablequery.spark.dialect;

import static org.assertj.core.api.Assertions.assertThat;

import io.tablequery.dialects.testing.CorpusSuite;
import io.tablequery.dialects.testing.SpiderGold;
import io.tablequery.engine.skill.PlanEngine;
import io.tablequery.engine.skill.PlanEngines;
import io.tablequery.engine.skill.SkillSettings;
import io.tablequery.engine.skill.TableQuerySkill;
import io.tablequery.engine.testing.BothEnginesRun;
import io.tablequery.engine.workspace.Workspace;
import io.tablequery.spark.SparkEngine;
import io.tablequery.spark.SparkOptions;
import io.tablequery.spark.testing.SparkServers;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Spider's training gold queries (German schema names, ../shared/corpora/spider-de), a seeded sample of one in 320
 * (or one in {@code -Dtq.spark.spider.every=N}), each run as a one-step plan with engine {@code both:spark} on a real
 * Spark Connect server over the Parquet exports of the uploaded databases. Writes the shares to
 * {@code target/spark-spider-report.txt}. The goal, as for DuckDB: no translated query answers otherwise than SQLite
 * but in the last digits of a sum of reals the answer says Spark adds its own way; what Spark refuses as it runs
 * fails the step with Spark's reason, and {@code auto} moves on.
 */
@CorpusSuite
class SparkSpiderTest {
    private static final int EVERY = Integer.getInteger("tq.spark.spider.every", 320);

    @TempDir
    Path dir;

    @Test
    void sampledGoldQueriesAnswerOnSparkAsOnSqlite() throws Exception {
        Random sample = new Random(23);
        BothEnginesRun run = new BothEnginesRun(PlanEngine.parse("both:spark"), "Spark SQL");
        int queries = 0;
        try (SparkEngine engine = new SparkEngine(
                new SparkOptions(SparkServers.address(), dir.resolve("spark-data"), 0, Duration.ofMinutes(2)))) {
            for (Map.Entry<String, List<String>> database :
                    SpiderGold.byDatabase().entrySet()) {
                List<String> picked = database.getValue().stream()
                        .filter(sql -> sample.nextInt(EVERY) == 0)
                        .toList();
                Path file = SpiderGold.database(database.getKey());
                if (picked.isEmpty() || !Files.isRegularFile(file)) {
                    continue;
                }
                try (Workspace workspace = Workspace.open(dir.resolve(database.getKey()))) {
                    workspace.ingest(file);
                    engine.opened(workspace);
                    TableQuerySkill skill = new TableQuerySkill(
                            workspace, SkillSettings.DEFAULTS.withEngines(PlanEngines.BUILT_IN.with(engine.engine())));
                    for (String sql : picked) {
                        run.run(skill, database.getKey(), sql);
                        queries++;
                    }
                    engine.closing(workspace);
                }
            }
        }
        String report = run.writeReport(
                "Spider gold queries (spider-de), one in %d, engine both:spark".formatted(EVERY),
                Path.of("target", "spark-spider-report.txt"));
        assertThat(queries).isGreaterThan(6_000 / EVERY);
        assertThat(run.count(BothEnginesRun.Outcome.DIFFERENT)).as(report).isZero();
        assertThat(run.count(BothEnginesRun.Outcome.IDENTICAL) + run.count(BothEnginesRun.Outcome.TIES_REORDERED))
                .as(report)
                .isGreaterThanOrEqualTo(run.translated() * 98 / 100);
    }
}
