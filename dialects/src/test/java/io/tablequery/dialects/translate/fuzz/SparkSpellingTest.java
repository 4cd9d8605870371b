package io.tablequery.dialects.translate.fuzz;

import static org.assertj.core.api.Assertions.assertThat;

import io.tablequery.dialects.sql.SqliteStatement;
import io.tablequery.dialects.translate.EnginePair;
import io.tablequery.dialects.translate.RealSums;
import io.tablequery.dialects.translate.SparkSqlDialect;
import io.tablequery.dialects.translate.SqliteTranslator;
import io.tablequery.dialects.translate.Translation;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * Every string constant and type of a statement translated to Spark SQL is spelled as Spark reads it, where the
 * translator prints it: a constant with Spark's backslash escapes ({@code 'it\'s'}), never SQL's doubled quote (which
 * Spark reads as two constants side by side, and joins) nor a bare backslash (which Spark reads as an escape), and text
 * and wide integers as {@code STRING} and {@code DECIMAL(38, 0)}, never DuckDB's {@code VARCHAR} and {@code HUGEINT}.
 * Checked on statements that reach each place that prints a constant or a type, and on the fuzzer's generated queries.
 */
class SparkSpellingTest {
    private static final Pattern DUCKDB_TYPES = Pattern.compile("\\b(?:VARCHAR|HUGEINT)\\b");

    @Test
    void constantsAndTypesReachSparkAsMeant() throws Exception {
        try (EnginePair engines = EnginePair.holding(
                List.of(
                        "CREATE TABLE t(name TEXT, d TEXT, i INTEGER, r REAL)",
                        "INSERT INTO t VALUES ('O''Brien', '2024-01-05', 3, 2.5), ('a\\b', '2024-02-29 10:00:00', 4, -1.25)"))) {
            assertThat(spark(engines, "SELECT name || 'it''s \\ here' AS v FROM t"))
                    .contains("it's \\ here");
            assertThat(spark(engines, "SELECT name = 'O''Brien' AS v FROM t")).contains("O'Brien");
            assertThat(spark(engines, "SELECT name FROM t WHERE name LIKE 'a\\%'"))
                    .contains("a\\%", "\\", "\\\\");
            assertThat(spark(engines, "SELECT name FROM t WHERE name LIKE 'x!%''' ESCAPE '!'"))
                    .contains("!");
            assertThat(spark(engines, "SELECT group_concat(name, ' \\ ''') AS v FROM t"))
                    .contains(" \\ '");
            assertThat(spark(engines, "SELECT date(d) AS v FROM t"))
                    .anySatisfy(constant -> assertThat(constant).contains("\\d"));
            spark(engines, "SELECT strftime('%Y ''q'' \\ %m', d) AS v FROM t");
            spark(engines, "SELECT CAST(i AS TEXT) AS a, i || '' AS b, round(r, 2) AS c, i < r AS e FROM t");
        }
    }

    @Test
    void generatedQueriesSpellTheirConstantsForSpark() throws Exception {
        int translated = 0;
        for (long seed = 1; seed <= 8; seed++) {
            Random random = new Random(seed);
            RandomDatabase database = RandomDatabase.draw(random);
            try (EnginePair engines = QueryFuzzer.load(QueryFuzzer.accepted(database.statements()))) {
                QueryGenerator generator = new QueryGenerator(random, database);
                for (int q = 0; q < 60; q++) {
                    String sql = generator.next().query().sql();
                    if (translate(engines, sql) instanceof Translation.Translated done) {
                        translated++;
                        constants(done.sql());
                        constants(done.rows());
                    }
                }
            }
        }
        // A floor that a translator refusing everything would not pass.
        assertThat(translated).isGreaterThan(50);
    }

    private static Translation translate(EnginePair engines, String sql) {
        return SqliteTranslator.translate(
                SqliteStatement.of(sql), engines.schema(), RealSums.SQLITE, SparkSqlDialect.INSTANCE);
    }

    /** The constants of a statement's translation to Spark SQL, which must translate. */
    private static List<String> spark(EnginePair engines, String sql) {
        Translation translation = translate(engines, sql);
        assertThat(translation).as(sql).isInstanceOf(Translation.Translated.class);
        Translation.Translated done = (Translation.Translated) translation;
        List<String> constants = constants(done.sql());
        constants.addAll(constants(done.rows()));
        return constants;
    }

    /**
     * The string constants of a Spark SQL statement as Spark reads them, checking that each is spelled as {@link
     * SparkSqlDialect#literal} spells it and that no DuckDB type name stands outside constants and quoted names.
     */
    private static List<String> constants(String spark) {
        List<String> constants = new ArrayList<>();
        StringBuilder outside = new StringBuilder();
        int i = 0;
        while (i < spark.length()) {
            char c = spark.charAt(i);
            if (c == '"') {
                int end = i + 1;
                while (!(spark.charAt(end) == '"' && (end + 1 == spark.length() || spark.charAt(end + 1) != '"'))) {
                    end += spark.charAt(end) == '"' ? 2 : 1;
                }
                i = end + 1;
                outside.append(' ');
            } else if (c == '\'') {
                StringBuilder value = new StringBuilder();
                int at = i + 1;
                while (spark.charAt(at) != '\'') {
                    if (spark.charAt(at) == '\\') {
                        char escaped = spark.charAt(at + 1);
                        assertThat(escaped == '\\' || escaped == '\'')
                                .as("a backslash that is not Spark's escape of \\ or ' in %s", spark)
                                .isTrue();
                        value.append(escaped);
                        at += 2;
                    } else {
                        value.append(spark.charAt(at++));
                    }
                }
                i = at + 1;
                assertThat(i < spark.length() && spark.charAt(i) == '\'')
                        .as("a quote doubled as SQL doubles it, which Spark reads as two constants, in %s", spark)
                        .isFalse();
                constants.add(value.toString());
                outside.append(' ');
            } else {
                outside.append(c);
                i++;
            }
        }
        assertThat(DUCKDB_TYPES.matcher(outside).find())
                .as("a DuckDB type name in %s", spark)
                .isFalse();
        return constants;
    }
}
