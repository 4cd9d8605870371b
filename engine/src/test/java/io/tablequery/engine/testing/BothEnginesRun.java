package io.tablequery.engine.testing;

import io.tablequery.engine.error.EngineException;
import io.tablequery.engine.exec.EngineComparison;
import io.tablequery.engine.exec.RunSqlResult;
import io.tablequery.engine.plan.PlanParser;
import io.tablequery.engine.skill.PlanEngine;
import io.tablequery.engine.skill.RunSqlRequest;
import io.tablequery.engine.skill.TableQuerySkill;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Runs queries as one-step plans with an engine of the {@code both} kind and tallies how SQLite and the other engine
 * compared.
 */
public final class BothEnginesRun {
    /** What became of one query. */
    public enum Outcome {
        /** SQLite itself refused the query (or the plan rules did); nothing to compare. */
        SQLITE_ERROR,
        /** A step does not translate; the plan ran on SQLite only. */
        UNTRANSLATED,
        /** The translation ran, but the other engine refused it. */
        ENGINE_ERROR,
        /** Both engines returned the same table. */
        IDENTICAL,
        /** The same rows, but rows whose sort keys tie in another order, which SQL leaves open. */
        TIES_REORDERED,
        /**
         * The tables differ, in a plan the answer says sums reals with the other engine's own addition, whose last
         * digits may differ from SQLite's (the reason SQLite or {@code auto} are offered for exact digits).
         */
        REAL_SUM_DIGITS,
        /** The engines' tables differ. */
        DIFFERENT
    }

    private final Map<Outcome, Integer> counts = new EnumMap<>(Outcome.class);
    private final Map<String, Integer> refusals = new TreeMap<>();
    private final Map<String, Integer> sqliteErrors = new TreeMap<>();
    private final List<String> details = new ArrayList<>();
    private final PlanEngine engine;
    private final String dialect;

    /** Compares SQLite with DuckDB (engine {@code both}). */
    public BothEnginesRun() {
        this(PlanEngine.BOTH, "DuckDB");
    }

    /**
     * Compares SQLite with another engine.
     *
     * @param engine a {@code both} engine whose first engine is SQLite
     * @param dialect the other engine's dialect name, as refusals name it
     */
    public BothEnginesRun(PlanEngine engine, String dialect) {
        this.engine = engine;
        this.dialect = dialect;
    }

    /**
     * Runs one query and counts its outcome.
     *
     * @param skill the skill over the query's workspace
     * @param label what the report calls the query's source
     * @param sql the query
     * @return what became of it
     */
    public Outcome run(TableQuerySkill skill, String label, String sql) {
        String plan = Plans.plan(Plans.step(1, "CREATE TEMP TABLE \"q\" AS " + sql, "q", "final"));
        Outcome outcome;
        try {
            RunSqlResult result = skill.runSql(new RunSqlRequest(PlanParser.parse(plan), 0, null, engine));
            EngineComparison comparison = result.comparison();
            if (comparison.note() != null && comparison.note().contains("does not translate")) {
                outcome = Outcome.UNTRANSLATED;
                refusals.merge(
                        comparison
                                .note()
                                .replace("step 1 does not translate to " + dialect + " exactly (", "")
                                .replaceAll("[:(].*", ""),
                        1,
                        Integer::sum);
            } else if (comparison.note() != null) {
                outcome = Outcome.ENGINE_ERROR;
                details.add(label + " ENGINE_ERROR " + comparison.note() + "\n  " + sql);
            } else if (comparison.identical()) {
                outcome = Outcome.IDENTICAL;
            } else if (comparison.tables().stream().allMatch(EngineComparison.TableComparison::sameRows)) {
                outcome = Outcome.TIES_REORDERED;
                details.add(label + " TIES_REORDERED\n  " + sql);
            } else if (result.notices().stream().anyMatch(BothEnginesRun::realSumNotice)) {
                outcome = Outcome.REAL_SUM_DIGITS;
                details.add(label + " REAL_SUM_DIGITS " + comparison.lines() + "\n  " + sql);
            } else {
                outcome = Outcome.DIFFERENT;
                details.add(label + " DIFFERENT " + comparison.lines() + "\n  " + sql);
            }
        } catch (EngineException e) {
            outcome = Outcome.SQLITE_ERROR;
            String message = e.getMessage().lines().findFirst().orElse("");
            sqliteErrors.merge(message.replaceAll("\"[^\"]*\"|'[^']*'|[0-9]+", "_"), 1, Integer::sum);
        }
        counts.merge(outcome, 1, Integer::sum);
        return outcome;
    }

    /**
     * Counts the queries with an outcome.
     *
     * @param outcome the outcome
     * @return how many had it
     */
    public int count(Outcome outcome) {
        return counts.getOrDefault(outcome, 0);
    }

    /**
     * Counts the queries that translated: identical, reordered, different or refused by the other engine.
     *
     * @return how many
     */
    public int translated() {
        return count(Outcome.IDENTICAL)
                + count(Outcome.TIES_REORDERED)
                + count(Outcome.REAL_SUM_DIGITS)
                + count(Outcome.DIFFERENT)
                + count(Outcome.ENGINE_ERROR);
    }

    /** The notice run-sql gives when a step adds reals in the other engine's order. */
    private static boolean realSumNotice(String notice) {
        return notice.matches("Step \\d+ adds reals in .*'s order: .*");
    }

    /**
     * Writes the report to a file.
     *
     * @param title the report's first line
     * @param file where it goes
     * @return the report
     * @throws IOException when it cannot be written
     */
    public String writeReport(String title, Path file) throws IOException {
        String report = report(title);
        Files.createDirectories(file.toAbsolutePath().getParent());
        Files.writeString(file, report);
        return report;
    }

    /**
     * Returns the shares, the refusal reasons and every difference, as text.
     *
     * @param title the report's first line
     * @return the report
     */
    public String report(String title) {
        int total = counts.values().stream().mapToInt(Integer::intValue).sum();
        int ran = total - count(Outcome.SQLITE_ERROR);
        int translated = ran - count(Outcome.UNTRANSLATED);
        int same = count(Outcome.IDENTICAL) + count(Outcome.TIES_REORDERED);
        StringBuilder out = new StringBuilder(title).append('\n');
        out.append("queries %d; ran on SQLite %d; translated %d (%.1f%% of those SQLite ran); identical %d"
                        .formatted(
                                total,
                                ran,
                                translated,
                                100.0 * translated / Math.max(1, ran),
                                count(Outcome.IDENTICAL)))
                .append(" (%.2f%% of translated); same rows with ties in another order %d (together %.2f%%);"
                        .formatted(
                                100.0 * count(Outcome.IDENTICAL) / Math.max(1, translated),
                                count(Outcome.TIES_REORDERED),
                                100.0 * same / Math.max(1, translated)))
                .append(" last digits of a noticed sum of reals %d; different %d; %s error %d%n"
                        .formatted(
                                count(Outcome.REAL_SUM_DIGITS),
                                count(Outcome.DIFFERENT),
                                dialect,
                                count(Outcome.ENGINE_ERROR)));
        out.append("\nSQLite errors (the gold query fails on the workspace as uploaded):\n");
        sqliteErrors.entrySet().stream()
                .sorted(Map.Entry.<String, Integer>comparingByValue().reversed())
                .limit(25)
                .forEach(error -> out.append("%6d  %s%n".formatted(error.getValue(), error.getKey())));
        out.append("\nRefusals:\n");
        refusals.forEach((reason, n) -> out.append("%6d  %s%n".formatted(n, reason)));
        out.append("\nDifferences and %s errors:\n".formatted(dialect));
        details.forEach(detail -> out.append(detail).append('\n'));
        return out.toString();
    }
}
