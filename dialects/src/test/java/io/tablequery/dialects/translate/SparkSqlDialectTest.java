package io.tablequery.dialects.translate;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The text constants Spark SQL's hooks print reach Spark as they were meant: the translator prints standard SQL and
 * {@link SparkSqlDialect#finish} respells every constant once, so a hook that printed Spark's own escapes would have
 * them doubled (a pattern's {@code \d} read as a backslash and a d) or its quotes broken.
 */
class SparkSqlDialectTest {
    private static final SparkSqlDialect SPARK = SparkSqlDialect.INSTANCE;
    private static final Pattern SPARK_STRING = Pattern.compile("'((?:[^'\\\\]|\\\\.)*)'");

    @Test
    void aFullMatchPatternReachesSparkAsWritten() {
        String pattern = "\\d{4}-\\d{2}(?:\\.\\d+)?";
        assertThat(constant(SPARK.finish(SPARK.fullMatch("x", pattern)))).isEqualTo("^(?:" + pattern + ")\\z");
    }

    @Test
    void aFailureMessageReachesSparkAsWritten() {
        String message = "not answered as SQLite would: a day past its month's end \\ a backslash";
        assertThat(constant(SPARK.finish(SPARK.fail(message)))).isEqualTo(message);
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
