package io.tablequery.spark.local;

import static org.assertj.core.api.Assertions.assertThat;

import io.tablequery.dialects.testing.Corpora;
import io.tablequery.dialects.testing.CorpusSuite;
import io.tablequery.engine.catalog.TableInfo;
import io.tablequery.engine.exec.EngineComparison;
import io.tablequery.engine.exec.RunSqlResult;
import io.tablequery.engine.plan.PlanParser;
import io.tablequery.engine.skill.PlanEngine;
import io.tablequery.engine.skill.PlanEngines;
import io.tablequery.engine.skill.RunSqlRequest;
import io.tablequery.engine.skill.SkillSettings;
import io.tablequery.engine.skill.TableQuerySkill;
import io.tablequery.engine.testing.Plans;
import io.tablequery.engine.workspace.Workspace;
import io.tablequery.spark.SparkEngine;
import io.tablequery.spark.SparkOptions;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A Spark standalone cluster on this machine (a master and two workers, each a JVM of its own, and the Spark Connect
 * server attached to it) runs TPC-H queries over the corpora's sf0.01 database: each answer is SQLite's, compared
 * by {@code both:sqlite,spark}, and the executors of both workers ran tasks.
 */
@CorpusSuite
class LocalSparkClusterTest {
    /** TPC-H q04, q12 and q13 as run-sql writes them: joins, a subquery, an outer join, integer aggregates. */
    private static final List<String> QUERIES = List.of("""
            SELECT o_orderpriority, count(*) AS order_count
            FROM tpch_orders
            WHERE o_orderdate >= '1993-07-01'
              AND o_orderdate < '1993-10-01'
              AND o_orderkey IN (SELECT l_orderkey FROM tpch_lineitem WHERE l_commitdate < l_receiptdate)
            GROUP BY o_orderpriority
            ORDER BY o_orderpriority""", """
            SELECT l_shipmode,
                   sum(CASE WHEN o_orderpriority = '1-URGENT' OR o_orderpriority = '2-HIGH' THEN 1 ELSE 0 END)
                       AS high_line_count,
                   sum(CASE WHEN o_orderpriority <> '1-URGENT' AND o_orderpriority <> '2-HIGH' THEN 1 ELSE 0 END)
                       AS low_line_count
            FROM tpch_orders, tpch_lineitem
            WHERE o_orderkey = l_orderkey
              AND l_shipmode IN ('MAIL', 'SHIP')
              AND l_commitdate < l_receiptdate
              AND l_shipdate < l_commitdate
              AND l_receiptdate >= '1994-01-01'
              AND l_receiptdate < '1995-01-01'
            GROUP BY l_shipmode
            ORDER BY l_shipmode""", """
            SELECT c_count, count(*) AS custdist
            FROM (
              SELECT c_custkey, count(o_orderkey) AS c_count
              FROM tpch_customer LEFT OUTER JOIN tpch_orders
                ON c_custkey = o_custkey AND o_comment NOT LIKE '%special%requests%'
              GROUP BY c_custkey) AS c_orders
            GROUP BY c_count
            ORDER BY custdist DESC, c_count DESC""");

    @TempDir
    Path dir;

    @Test
    void runsTpchOnTwoWorkersWithSqlitesAnswers() throws IOException {
        List<Path> jars = LocalSparkServer.classPathFile(Path.of(System.getProperty("tq.spark.serverClasspath")));
        try (LocalSparkCluster cluster = LocalSparkCluster.start(
                        new LocalSparkCluster.Settings(jars, dir.resolve("cluster"), 2, 1, "1g"),
                        Duration.ofMinutes(3));
                LocalSparkServer server = LocalSparkServer.start(
                        new LocalSparkServer.Settings(
                                jars,
                                0,
                                dir.resolve("connect"),
                                cluster.masterUrl(),
                                "1g",
                                Map.of("spark.executor.memory", "1g", "spark.executor.cores", "1")),
                        Duration.ofMinutes(3));
                Workspace workspace = Workspace.open(dir.resolve("ws"))) {
            List<TableInfo> tables =
                    workspace.ingest(Corpora.resolve("tpch/tpch-sf0.01.sqlite")).tables();
            String lineitem = tables.stream()
                    .map(TableInfo::name)
                    .filter(name -> name.toLowerCase(Locale.ROOT).endsWith("lineitem"))
                    .findFirst()
                    .orElseThrow();
            String prefix = lineitem.substring(0, lineitem.length() - "lineitem".length());
            try (SparkEngine engine = new SparkEngine(
                    new SparkOptions(server.address(), dir.resolve("spark-data"), 0, Duration.ofMinutes(3)))) {
                engine.opened(workspace);
                // Where the tasks ran and what they answered are the subject, not time: on a machine busy with other
                // suites, one of these plans ran past the default 30 s limit (the test took 92 s, 65 s alone).
                TableQuerySkill skill = new TableQuerySkill(
                        workspace,
                        SkillSettings.DEFAULTS
                                .withEngines(PlanEngines.BUILT_IN.with(engine.engine()))
                                .withQueryTimeout(Duration.ofMinutes(3)));
                for (String query : QUERIES) {
                    String sql = query.replace("tpch_", prefix);
                    RunSqlResult result = skill.runSql(new RunSqlRequest(
                            PlanParser.parse(
                                    Plans.plan(Plans.step(1, "CREATE TEMP TABLE \"r\" AS " + sql, "r", "final"))),
                            1000,
                            null,
                            PlanEngine.parse("both:sqlite,spark")));
                    assertThat(result.comparison()).as(sql).isNotNull();
                    assertThat(result.comparison().tables())
                            .as(String.join("\n", result.comparison().lines()))
                            .allMatch(EngineComparison.TableComparison::sameRows);
                    assertThat(result.tables().get(0).totalRows()).isPositive();
                }
                engine.closing(workspace);
            }
            for (Path work : cluster.workDirectories()) {
                assertThat(executorLogs(work))
                        .as("an executor of the worker in " + work + " ran tasks")
                        .anyMatch(log -> log.contains("Finished task"));
            }
        }
    }

    /** The logs of the executors a worker started. */
    private static List<String> executorLogs(Path work) throws IOException {
        try (Stream<Path> files = Files.walk(work)) {
            return files.filter(file -> file.getFileName().toString().equals("stderr"))
                    .map(file -> {
                        try {
                            return Files.readString(file, StandardCharsets.UTF_8);
                        } catch (IOException e) {
                            return "";
                        }
                    })
                    .toList();
        }
    }
}
