package io.tablequery.dialects.translate.fuzz;

import io.tablequery.dialects.translate.DuckDbTarget;
import io.tablequery.dialects.translate.EnginePair;
import io.tablequery.dialects.translate.EnginePair.Rows;
import io.tablequery.dialects.translate.QueryTarget;
import io.tablequery.dialects.translate.RealSums;
import io.tablequery.dialects.translate.SqliteToDuckDb;
import io.tablequery.dialects.translate.Translation;
import io.tablequery.dialects.translate.fuzz.Node.Kind;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/**
 * The checks a generated query goes through. Differential: SQLite's answer against a target's answer to the
 * translation (DuckDB's, or another {@link QueryTarget}'s). On DuckDB's translated side alone, as SQLancer does for
 * one engine: ternary logic partitioning (the rows of {@code Q} are those of {@code Q WHERE p}, {@code Q WHERE NOT p}
 * and {@code Q WHERE p IS NULL} together) and NoREC (a WHERE filter counts as many rows as the same predicate
 * evaluated on every row).
 */
final class Oracles {
    /** What a check found. */
    enum Verdict {
        SQLITE_ERROR,
        /** SQLite refuses the query, and its translation answers on the engine: an answer where there is none. */
        ANSWERED_SQLITE_ERROR,
        REFUSED,
        /** The translation fails on the engine, with an error of the engine's own. */
        ENGINE_ERROR,
        EQUAL,
        ORDER,
        WRONG,
        TRANSLATOR_ERROR,
        UNCHECKED,
        /** Finite reals that differ, the order of addition being the engine's: what the product allows. */
        ORDER_OF_ADDITION
    }

    /** A verdict and its detail: the refusal's reason, the error, or what differs. */
    record Finding(Verdict verdict, String detail) {
        /** A wrong answer, or a translator that threw instead of translating or refusing. */
        boolean failed() {
            return verdict == Verdict.WRONG
                    || verdict == Verdict.TRANSLATOR_ERROR
                    || verdict == Verdict.ANSWERED_SQLITE_ERROR;
        }
    }

    private final EnginePair engines;
    private final QueryTarget target;

    Oracles(EnginePair engines) {
        this(engines, new DuckDbTarget(engines));
    }

    /**
     * Oracles whose differential runs on another target; the others run on DuckDB.
     *
     * @param engines the pair, its tables loaded on the target
     * @param target the target
     */
    Oracles(EnginePair engines, QueryTarget target) {
        this.engines = engines;
        this.target = target;
    }

    Finding differential(GeneratedQuery query) {
        Translation translation;
        try {
            translation = target.translate(query.sql());
        } catch (RuntimeException e) {
            return new Finding(Verdict.TRANSLATOR_ERROR, e.toString());
        }
        Rows expected;
        try {
            expected = EnginePair.query(engines.sqlite, query.sql());
        } catch (SQLException e) {
            return sqliteError(translation, firstLine(e));
        }
        if (translation instanceof Translation.Untranslatable refused) {
            return new Finding(Verdict.REFUSED, refused.reason());
        }
        String translated = ((Translation.Translated) translation).sql();
        Rows actual;
        try {
            actual = target.query(translated);
        } catch (Exception e) {
            String message = firstLine(e);
            int refusal = message.indexOf(SqliteToDuckDb.RUN_TIME_REFUSAL);
            return refusal >= 0
                    ? new Finding(Verdict.REFUSED, "at run time: " + message.substring(refusal))
                    : new Finding(Verdict.ENGINE_ERROR, message);
        }
        Comparison.Result result = Comparison.compare(expected, actual, query.ordered());
        return switch (result.outcome()) {
            case EQUAL -> new Finding(Verdict.EQUAL, null);
            case ORDER -> new Finding(Verdict.ORDER, result.detail());
            case WRONG -> new Finding(Verdict.WRONG, result.detail());
        };
    }

    /** Whether a query that translated exactly sums reals, so that the engine's own sums can be checked. */
    boolean sumsReals(GeneratedQuery query) {
        return SqliteToDuckDb.translate(query.sql(), engines.schema()) instanceof Translation.Translated exact
                && exact.sumsReals();
    }

    /**
     * The translation with the engine's compensated sums ({@link RealSums#COMPENSATED}, as run-sql runs on DuckDB)
     * against SQLite: every value but a finite real must be SQLite's, and a finite real may differ only where SQLite
     * has a finite real too (the order of addition). An infinity, NaN or NULL where SQLite has another is wrong.
     */
    Finding engineSums(GeneratedQuery query) {
        Rows expected;
        Rows actual;
        try {
            expected = EnginePair.query(engines.sqlite, query.sql());
            Translation translation = SqliteToDuckDb.translate(query.sql(), engines.schema(), RealSums.COMPENSATED);
            if (!(translation instanceof Translation.Translated translated)) {
                return new Finding(Verdict.WRONG, "refused with the engine's sums only: " + translation);
            }
            actual = EnginePair.query(engines.duckdb, translated.sql());
        } catch (SQLException e) {
            return new Finding(Verdict.UNCHECKED, firstLine(e));
        }
        Comparison.Result result = Comparison.compare(expected, actual, query.ordered());
        if (result.outcome() != Comparison.Outcome.WRONG) {
            return new Finding(Verdict.EQUAL, null);
        }
        Comparison.Result finite = Comparison.compare(
                Comparison.finiteRealsBlurred(expected), Comparison.finiteRealsBlurred(actual), query.ordered());
        return finite.outcome() == Comparison.Outcome.WRONG
                ? new Finding(Verdict.WRONG, result.detail())
                : new Finding(Verdict.ORDER_OF_ADDITION, result.detail());
    }

    /**
     * A query SQLite refuses: its translation must be refused too, or fail on the target, since {@code auto} would
     * otherwise answer what SQLite does not.
     */
    private Finding sqliteError(Translation translation, String error) {
        if (translation instanceof Translation.Translated translated) {
            try {
                target.query(translated.sql());
                return new Finding(Verdict.ANSWERED_SQLITE_ERROR, "SQLite: " + error);
            } catch (Exception e) {
                return new Finding(Verdict.SQLITE_ERROR, error);
            }
        }
        return new Finding(Verdict.SQLITE_ERROR, error);
    }

    /** Whether ternary logic partitioning applies: a query of rows, not aggregated, distinct or limited. */
    static boolean partitionable(GeneratedQuery query) {
        return query instanceof SelectQuery select
                && !select.aggregates()
                && !select.distinct()
                && select.limit() == null;
    }

    Finding partitions(SelectQuery query, Node predicate) {
        SelectQuery base = query.unordered();
        List<String> parts = new ArrayList<>();
        parts.add(base.sql());
        for (String template : List.of("(%s)", "NOT (%s)", "(%s) IS NULL")) {
            Node part = Node.of(Kind.BOOL, template, predicate);
            Node where = base.where() == null ? part : Node.of(Kind.BOOL, "(%s) AND (%s)", base.where(), part);
            parts.add(base.withWhere(where).sql());
        }
        List<Rows> results = new ArrayList<>();
        for (String sql : parts) {
            Translation translation = SqliteToDuckDb.translate(sql, engines.schema());
            if (!(translation instanceof Translation.Translated translated)) {
                return new Finding(Verdict.UNCHECKED, null);
            }
            try {
                results.add(EnginePair.query(engines.duckdb, translated.sql()));
            } catch (SQLException e) {
                return new Finding(Verdict.ENGINE_ERROR, firstLine(e));
            }
        }
        List<List<Object>> union = new ArrayList<>();
        results.subList(1, 4).forEach(rows -> union.addAll(rows.rows()));
        Comparison.Result result =
                Comparison.compare(results.get(0), new Rows(results.get(0).names(), union), false);
        return result.outcome() == Comparison.Outcome.EQUAL
                ? new Finding(Verdict.EQUAL, null)
                : new Finding(Verdict.WRONG, "partitions of " + predicate.sql() + ": " + result.detail());
    }

    /** Whether NoREC applies: a query of rows with a WHERE predicate. */
    static boolean norecApplies(GeneratedQuery query) {
        return query instanceof SelectQuery select && !select.aggregates() && select.where() != null;
    }

    Finding norec(SelectQuery query) {
        String filtered = query.with() + "SELECT count(*) FROM " + query.sources() + " WHERE "
                + query.where().sql();
        String evaluated = query.with() + "SELECT coalesce(sum(CASE WHEN "
                + query.where().sql() + " THEN 1 ELSE 0 END), 0) FROM " + query.sources();
        List<Object> counts = new ArrayList<>();
        for (String sql : List.of(filtered, evaluated)) {
            Translation translation = SqliteToDuckDb.translate(sql, engines.schema());
            if (!(translation instanceof Translation.Translated translated)) {
                return new Finding(Verdict.UNCHECKED, null);
            }
            try {
                counts.add(EnginePair.query(engines.duckdb, translated.sql())
                        .rows()
                        .get(0)
                        .get(0));
            } catch (SQLException e) {
                return new Finding(Verdict.ENGINE_ERROR, firstLine(e));
            }
        }
        return counts.get(0).equals(counts.get(1))
                ? new Finding(Verdict.EQUAL, null)
                : new Finding(Verdict.WRONG, "NoREC: WHERE counts " + counts.get(0) + ", CASE counts " + counts.get(1));
    }

    private static String firstLine(Exception e) {
        String message = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
        return message.lines().findFirst().orElse("");
    }
}
