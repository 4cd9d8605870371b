package io.tablequery.spark.dialect;

import static org.assertj.core.api.Assertions.assertThat;

import io.tablequery.dialects.translate.CatalogPairs;
import io.tablequery.dialects.translate.EnginePair;
import io.tablequery.dialects.translate.Translation;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The differential pairs of the dialect catalog on Spark SQL: each pair's statements run on SQLite as written and on a
 * real Spark Connect server as translated. A pair Spark cannot spell is refused; one it runs must answer as SQLite
 * does, labels, values and storage classes. Writes the shares to {@code target/spark-catalog-pairs-report.txt}.
 */
class SparkCatalogPairsTest {
    @TempDir
    Path dir;

    @Test
    void everyPairSparkRunsAnswersAsSqlite() throws Exception {
        int translated = 0;
        int equal = 0;
        List<String> wrong = new ArrayList<>();
        List<String> sparkErrors = new ArrayList<>();
        Map<String, Integer> refusals = new TreeMap<>();
        List<CatalogPairs.Pair> pairs = CatalogPairs.load();
        for (CatalogPairs.Pair pair : pairs) {
            List<String> statements =
                    Arrays.stream(pair.sql().split(";")).map(String::strip).toList();
            try (EnginePair engines = new EnginePair();
                    SparkTarget spark = new SparkTarget(dir.resolve("pair" + pair.id()))) {
                engines.sqliteScript(CatalogPairs.FIXTURE);
                spark.load(engines);
                Translation last = null;
                String sparkSql = null;
                for (String statement : statements) {
                    last = spark.translate(statement);
                    if (last instanceof Translation.Untranslatable) {
                        break;
                    }
                    EnginePair.query(engines.sqlite, statement);
                    Translation.Translated done = (Translation.Translated) last;
                    sparkSql = done.sql();
                    if (statement.regionMatches(true, 0, "CREATE", 0, 6)) {
                        spark.query(done.sql());
                        spark.created(statement.split("\\s+")[3], done.columns());
                    }
                }
                if (last instanceof Translation.Untranslatable refused) {
                    refusals.merge(refused.reason().replaceAll("[(:].*", ""), 1, Integer::sum);
                    continue;
                }
                assertThat(pair.expected())
                        .as("pair %s: DuckDB refuses it, so Spark SQL, a narrower target, must too", pair.id())
                        .isNotEqualTo("REFUSED");
                translated++;
                String finalSql = statements.get(statements.size() - 1);
                EnginePair.Rows expected = EnginePair.query(engines.sqlite, finalSql);
                EnginePair.Rows actual;
                try {
                    actual = spark.query(sparkSql);
                } catch (Exception e) {
                    sparkErrors.add("pair %s: %s%n  Spark: %s%n  %s"
                            .formatted(
                                    pair.id(),
                                    finalSql,
                                    sparkSql,
                                    String.valueOf(e.getMessage())
                                            .lines()
                                            .findFirst()
                                            .orElse("")));
                    continue;
                }
                String difference = expected.difference(actual);
                if (difference == null) {
                    equal++;
                } else {
                    wrong.add("pair %s: %s%n  Spark: %s%n  %s".formatted(pair.id(), finalSql, sparkSql, difference));
                }
            }
        }
        StringBuilder report = new StringBuilder();
        report.append("pairs %d, translated to Spark SQL %d, equal %d, Spark errors %d, different %d%n"
                .formatted(pairs.size(), translated, equal, sparkErrors.size(), wrong.size()));
        report.append("\nRefusals:\n");
        refusals.forEach((reason, count) -> report.append("%4d  %s%n".formatted(count, reason)));
        report.append("\nSpark errors (refused as the plan runs):\n");
        sparkErrors.forEach(error -> report.append(error).append('\n'));
        report.append("\nDifferent:\n");
        wrong.forEach(line -> report.append(line).append('\n'));
        Path out = Path.of("target", "spark-catalog-pairs-report.txt");
        Files.createDirectories(out.getParent());
        Files.writeString(out, report);
        assertThat(wrong).as(report.toString()).isEmpty();
        assertThat(translated).as(report.toString()).isGreaterThan(pairs.size() / 3);
    }
}
