package io.tablequery.spark.dialect;

import static org.assertj.core.api.Assertions.assertThat;

import io.tablequery.dialects.translate.EnginePair;
import io.tablequery.dialects.translate.IntegerRealSamples;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Integers compared with reals of a column on a real Spark Connect server answer as SQLite does, exactly, at 2^53 and
 * the ends of 64 bits, where Spark's {@code ceil} saturates and its cast of a double to a decimal goes through text.
 */
class SparkIntegerRealTest {
    @TempDir
    Path dir;

    @Test
    void comparesAsSqliteDoes() throws Exception {
        try (EnginePair engines = EnginePair.holding(IntegerRealSamples.script());
                SparkTarget spark = new SparkTarget(dir)) {
            spark.load(engines);
            for (String sql : IntegerRealSamples.QUERIES) {
                assertThat(spark.differenceFromSqlite(sql)).isNull();
            }
        }
    }
}
