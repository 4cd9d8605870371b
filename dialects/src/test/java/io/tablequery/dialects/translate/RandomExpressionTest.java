package io.tablequery.dialects.translate;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.StringJoiner;
import org.junit.jupiter.api.Test;

/**
 * Property test: random expressions over random typed columns (integers, reals, text, NULLs), each run on SQLite as
 * written and on DuckDB as translated, compared by value and storage class. Seeded, so a failure reproduces; the
 * counts go to {@code target/random-expressions-report.txt}.
 */
class RandomExpressionTest {
    private static final long SEED = Long.getLong("tq.seed", 20261130L);
    private static final int EXPRESSIONS = 3000;
    private static final String[] TEXTS = {
        "abc", "ABC", "12", " 7x", "", "é", "2024-01-05", "a_b%", "10", "-3.5", "Straße", "2024-02-29 10:00:00"
    };

    private final Random random = new Random(SEED);

    @Test
    void translatedExpressionsAgreeWithSqlite() throws Exception {
        int translated = 0;
        int refused = 0;
        int sqliteErrors = 0;
        List<String> mismatches = new ArrayList<>();
        List<String> lastDigits = new ArrayList<>();
        try (EnginePair engines = new EnginePair()) {
            engines.sqliteScript(fixture());
            engines.copyTables();
            for (int k = 0; k < EXPRESSIONS; k++) {
                String sql = k % 4 == 3 ? aggregateQuery() : "SELECT " + expr(3) + " AS v FROM p ORDER BY id";
                EnginePair.Rows expected;
                try {
                    expected = EnginePair.query(engines.sqlite, sql);
                } catch (SQLException e) {
                    sqliteErrors++;
                    continue;
                }
                Translation translation = SqliteToDuckDb.translate(sql, engines.schema());
                if (translation instanceof Translation.Untranslatable) {
                    refused++;
                    continue;
                }
                translated++;
                String duckSql = ((Translation.Translated) translation).sql();
                try {
                    EnginePair.Rows actual = EnginePair.query(engines.duckdb, duckSql);
                    String difference = expected.difference(actual);
                    if (difference != null && expected.differenceBeyondLastDigits(actual) == null) {
                        lastDigits.add(sql + "\n  " + difference);
                    } else if (difference != null) {
                        mismatches.add(sql + "\n  DuckDB: " + duckSql + "\n  " + difference);
                    }
                } catch (SQLException e) {
                    mismatches.add(sql + "\n  DuckDB: " + duckSql + "\n  error: "
                            + e.getMessage().lines().findFirst().orElse(""));
                }
            }
        }
        String report = "random expressions (seed %d): %d generated, %d SQLite errors, %d refused, %d translated,"
                        .formatted(SEED, EXPRESSIONS, sqliteErrors, refused, translated)
                + " %d differ, %d differ in a real's last digits only (a sum of reals in another order)%n%s%n%s"
                        .formatted(
                                mismatches.size(),
                                lastDigits.size(),
                                String.join("\n", mismatches),
                                String.join("\n", lastDigits));
        Path out = Path.of("target", "random-expressions-report.txt");
        Files.createDirectories(out.getParent());
        Files.writeString(out, report);
        assertThat(mismatches).as(report).isEmpty();
        assertThat(translated).as(report).isGreaterThan(EXPRESSIONS / 2);
    }

    private List<String> fixture() {
        List<String> statements = new ArrayList<>();
        statements.add("CREATE TABLE p(id INTEGER, i INTEGER, r REAL, t TEXT, n INTEGER)");
        for (int row = 1; row <= 40; row++) {
            statements.add("INSERT INTO p VALUES (%d, %s, %s, %s, %s)"
                    .formatted(
                            row,
                            maybeNull(Integer.toString(random.nextInt(41) - 20)),
                            maybeNull(Double.toString((random.nextInt(801) - 400) / 8.0)),
                            maybeNull("'" + TEXTS[random.nextInt(TEXTS.length)].replace("'", "''") + "'"),
                            maybeNull(Integer.toString(random.nextInt(4)))));
        }
        return statements;
    }

    private String maybeNull(String value) {
        return random.nextInt(6) == 0 ? "NULL" : value;
    }

    private String aggregateQuery() {
        String[] aggregates = {"sum", "total", "avg", "min", "max", "count", "group_concat"};
        String aggregate = aggregates[random.nextInt(aggregates.length)];
        String argument = aggregate.equals("group_concat") ? text(2) : numeric(2);
        return "SELECT n, %s(%s) AS v FROM p GROUP BY n ORDER BY n".formatted(aggregate, argument);
    }

    private String expr(int depth) {
        return switch (random.nextInt(3)) {
            case 0 -> numeric(depth);
            case 1 -> text(depth);
            default -> predicate(depth);
        };
    }

    private String numeric(int depth) {
        if (depth == 0 || random.nextInt(4) == 0) {
            return switch (random.nextInt(6)) {
                case 0 -> "i";
                case 1 -> "r";
                case 2 -> "n";
                case 3 -> Integer.toString(random.nextInt(21) - 5);
                case 4 -> List.of("0.5", "2.25", "1e3", "-1.5").get(random.nextInt(4));
                default -> "NULL";
            };
        }
        int d = depth - 1;
        return switch (random.nextInt(12)) {
            case 0, 1, 2 ->
                "(%s %s %s)"
                        .formatted(numeric(d), List.of("+", "-", "*", "/", "%").get(random.nextInt(5)), numeric(d));
            case 3 -> "abs(%s)".formatted(numeric(d));
            case 4 -> "length(%s)".formatted(text(d));
            case 5 -> "coalesce(%s, %s)".formatted(numeric(d), numeric(d));
            case 6 -> "CASE WHEN %s THEN %s ELSE %s END".formatted(predicate(d), numeric(d), numeric(d));
            case 7 -> "round(%s, %d)".formatted(numeric(d), random.nextInt(3));
            case 8 ->
                "CAST(%s AS %s)".formatted(expr(d), List.of("INTEGER", "REAL").get(random.nextInt(2)));
            case 9 -> "%s(%s, %s)".formatted(List.of("max", "min").get(random.nextInt(2)), numeric(d), numeric(d));
            case 10 -> "instr(%s, %s)".formatted(text(d), text(d));
            default -> "nullif(%s, %s)".formatted(numeric(d), numeric(d));
        };
    }

    private String text(int depth) {
        if (depth == 0 || random.nextInt(4) == 0) {
            return random.nextBoolean() ? "t" : "'" + TEXTS[random.nextInt(TEXTS.length)].replace("'", "''") + "'";
        }
        int d = depth - 1;
        return switch (random.nextInt(9)) {
            case 0 -> "(%s || %s)".formatted(text(d), random.nextBoolean() ? text(d) : numeric(d));
            case 1 -> "upper(%s)".formatted(text(d));
            case 2 -> "lower(%s)".formatted(text(d));
            case 3 -> "substr(%s, %d, %d)".formatted(text(d), random.nextInt(5) - 1, random.nextInt(4));
            case 4 -> "replace(%s, 'b', 'X')".formatted(text(d));
            case 5 -> "trim(%s)".formatted(text(d));
            case 6 -> "typeof(%s)".formatted(expr(d));
            case 7 -> "coalesce(%s, 'none')".formatted(text(d));
            default -> "date(%s)".formatted(text(d));
        };
    }

    private String predicate(int depth) {
        int d = Math.max(0, depth - 1);
        StringJoiner out = new StringJoiner(" ");
        switch (random.nextInt(7)) {
            case 0, 1 ->
                out.add(numeric(d))
                        .add(List.of("=", "<", ">=", "<>").get(random.nextInt(4)))
                        .add(expr(d));
            case 2 ->
                out.add(text(d))
                        .add(List.of("=", "<", ">").get(random.nextInt(3)))
                        .add(expr(d));
            case 3 ->
                out.add(text(d))
                        .add("LIKE")
                        .add(List.of("'a%'", "'%B%'", "'_'", "'1%'").get(random.nextInt(4)));
            case 4 -> out.add(expr(d)).add(random.nextBoolean() ? "IS NULL" : "IS NOT NULL");
            case 5 ->
                out.add("(" + predicate(d) + ")")
                        .add(random.nextBoolean() ? "AND" : "OR")
                        .add("(" + predicate(d) + ")");
            default -> out.add("NOT").add("(" + predicate(d) + ")");
        }
        return out.toString();
    }
}
