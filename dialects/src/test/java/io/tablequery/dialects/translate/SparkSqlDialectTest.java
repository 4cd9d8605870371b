package io.tablequery.dialects.translate;

import static org.assertj.core.api.Assertions.assertThat;

import io.tablequery.dialects.sql.SqliteStatement;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The text constants Spark SQL's hooks print reach Spark as they were meant: each is spelled once, in Spark's escapes
 * (a pattern's {@code \d} read as a backslash and a d, not as an escape). And what Spark SQL has no spelling for is
 * refused as it is translated, not left to fail on Spark.
 */
class SparkSqlDialectTest {
    private static final SparkSqlDialect SPARK = SparkSqlDialect.INSTANCE;
    private static final Pattern SPARK_STRING = Pattern.compile("'((?:[^'\\\\]|\\\\.)*)'");

    @Test
    void aFullMatchPatternReachesSparkAsWritten() {
        String pattern = "\\d{4}-\\d{2}(?:\\.\\d+)?";
        assertThat(constant(SPARK.fullMatch("x", pattern))).isEqualTo("^(?:" + pattern + ")\\z");
    }

    @Test
    void aFailureMessageReachesSparkAsWritten() {
        String message = "not answered as SQLite would: a day past its month's end \\ a backslash";
        assertThat(constant(SPARK.fail(message))).isEqualTo(message);
    }

    @Test
    void framesOfPeerGroupsAreRefusedAsSparkHasNone() throws Exception {
        try (EnginePair engines = EnginePair.holding(List.of("CREATE TABLE s(id INTEGER, score INTEGER)"))) {
            for (String frame : List.of(
                    "GROUPS BETWEEN 1 PRECEDING AND CURRENT ROW",
                    "ROWS BETWEEN 1 PRECEDING AND 1 FOLLOWING EXCLUDE CURRENT ROW")) {
                String sql = "SELECT sum(score) OVER (ORDER BY score " + frame + ") FROM s";
                assertThat(SqliteTranslator.translate(
                                SqliteStatement.of(sql), engines.schema(), RealSums.SQLITE, SPARK))
                        .as(sql)
                        .isInstanceOf(Translation.Untranslatable.class);
                assertThat(SqliteToDuckDb.translate(sql, engines.schema()))
                        .as(sql)
                        .isInstanceOf(Translation.Translated.class);
            }
        }
    }

    @Test
    void aFunctionNoTargetHasIsRefusedNamingTheTarget() throws Exception {
        try (EnginePair engines = EnginePair.holding(List.of("CREATE TABLE s(id INTEGER)"))) {
            assertThat(SqliteTranslator.translate(
                            SqliteStatement.of("SELECT zeroblob(id) FROM s"), engines.schema(), RealSums.SQLITE, SPARK))
                    .isEqualTo(new Translation.Untranslatable(
                            "the function zeroblob() has no exact Spark SQL counterpart"));
        }
    }

    /** The one string constant of a Spark SQL expression, as Spark reads it. */
    private static String constant(String sparkSql) {
        Matcher string = SPARK_STRING.matcher(sparkSql);
        assertThat(string.find()).as(sparkSql).isTrue();
        String value = string.group(1).replaceAll("\\\\(.)", "$1");
        assertThat(string.find()).as(sparkSql).isFalse();
        return value;
    }
}
