package io.tablequery.engine.dialect;

import io.tablequery.engine.error.EngineException;
import io.tablequery.engine.exec.EngineComparison;
import io.tablequery.engine.exec.RunSqlResult;
import io.tablequery.engine.plan.PlanParser;
import io.tablequery.engine.skill.PlanEngine;
import io.tablequery.engine.skill.RunSqlRequest;
import io.tablequery.engine.skill.TableQuerySkill;
import io.tablequery.engine.testing.Plans;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** Runs queries as one-step plans with engine {@code both} and tallies how SQLite and DuckDB compared. */
final class BothEnginesRun {
    /** What became of one query. */
    enum Outcome {
        /** SQLite itself refused the query (or the plan rules did); nothing to compare. */
        SQLITE_ERROR,
        /** A step does not translate; the plan ran on SQLite only. */
        UNTRANSLATED,
        /** The translation ran, but DuckDB refused it. */
        DUCKDB_ERROR,
        /** Both engines returned the same table. */
        IDENTICAL,
        /** The same rows, but rows whose sort keys tie in another order, which SQL leaves open. */
        TIES_REORDERED,
        /** The engines' tables differ. */
        DIFFERENT
    }

    final Map<Outcome, Integer> counts = new EnumMap<>(Outcome.class);
    final Map<String, Integer> refusals = new TreeMap<>();
    final Map<String, Integer> sqliteErrors = new TreeMap<>();
    final List<String> details = new ArrayList<>();

    Outcome run(TableQuerySkill skill, String label, String sql) {
        String plan = Plans.plan(Plans.step(1, "CREATE TEMP TABLE \"q\" AS " + sql, "q", "final"));
        Outcome outcome;
        try {
            RunSqlResult result = skill.runSql(new RunSqlRequest(PlanParser.parse(plan), 0, null, PlanEngine.BOTH));
            EngineComparison comparison = result.comparison();
            if (comparison.note() != null && comparison.note().contains("does not translate")) {
                outcome = Outcome.UNTRANSLATED;
                refusals.merge(
                        comparison
                                .note()
                                .replaceAll("^step 1 does not translate to DuckDB exactly \\(", "")
                                .replaceAll("[:(].*", ""),
                        1,
                        Integer::sum);
            } else if (comparison.note() != null) {
                outcome = Outcome.DUCKDB_ERROR;
                details.add(label + " DUCKDB_ERROR " + comparison.note() + "\n  " + sql);
            } else if (comparison.identical()) {
                outcome = Outcome.IDENTICAL;
            } else if (comparison.tables().stream().allMatch(EngineComparison.TableComparison::sameRows)) {
                outcome = Outcome.TIES_REORDERED;
                details.add(label + " TIES_REORDERED\n  " + sql);
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

    int count(Outcome outcome) {
        return counts.getOrDefault(outcome, 0);
    }

    /** The queries that translated: identical, reordered, different or refused by DuckDB. */
    int translated() {
        return count(Outcome.IDENTICAL)
                + count(Outcome.TIES_REORDERED)
                + count(Outcome.DIFFERENT)
                + count(Outcome.DUCKDB_ERROR);
    }

    /** Writes the report to a file and returns it. */
    String writeReport(String title, Path file) throws IOException {
        String report = report(title);
        Files.createDirectories(file.toAbsolutePath().getParent());
        Files.writeString(file, report);
        return report;
    }

    /** The shares, the refusal reasons and every difference, as text. */
    String report(String title) {
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
                .append(" different %d; DuckDB error %d%n"
                        .formatted(count(Outcome.DIFFERENT), count(Outcome.DUCKDB_ERROR)));
        out.append("\nSQLite errors (the gold query fails on the workspace as uploaded):\n");
        sqliteErrors.entrySet().stream()
                .sorted(Map.Entry.<String, Integer>comparingByValue().reversed())
                .limit(25)
                .forEach(error -> out.append("%6d  %s%n".formatted(error.getValue(), error.getKey())));
        out.append("\nRefusals:\n");
        refusals.forEach((reason, n) -> out.append("%6d  %s%n".formatted(n, reason)));
        out.append("\nDifferences and DuckDB errors:\n");
        details.forEach(detail -> out.append(detail).append('\n'));
        return out.toString();
    }
}
