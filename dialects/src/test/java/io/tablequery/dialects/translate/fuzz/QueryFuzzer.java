package io.tablequery.dialects.translate.fuzz;

import io.tablequery.dialects.translate.EnginePair;
import io.tablequery.dialects.translate.SqliteToDuckDb;
import io.tablequery.dialects.translate.Translation;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * Runs generated queries through the {@link Oracles}, database after database: database {@code i} of a run is drawn
 * from seed {@code seed + i}, so any database, and any failure, reproduces from its seed alone.
 */
final class QueryFuzzer {
    /**
     * What a run does.
     *
     * @param seed the seed of the first database
     * @param queries how many queries in all
     * @param perDatabase how many queries on each database
     * @param threads how many databases are run at once
     * @param maxReproductions how many failures are shrunk and kept
     */
    record Settings(long seed, long queries, int perDatabase, int threads, int maxReproductions) {}

    private QueryFuzzer() {}

    static Tally run(Settings settings) throws Exception {
        long databases = (settings.queries() + settings.perDatabase() - 1) / settings.perDatabase();
        Tally total = new Tally();
        ExecutorService pool = Executors.newFixedThreadPool(settings.threads());
        try {
            List<Future<?>> lanes = new ArrayList<>();
            for (int t = 0; t < settings.threads(); t++) {
                int lane = t;
                lanes.add(pool.submit(() -> {
                    Tally tally = new Tally();
                    for (long d = lane; d < databases; d += settings.threads()) {
                        database(settings.seed() + d, settings, tally);
                    }
                    total.add(tally);
                    return null;
                }));
            }
            for (Future<?> lane : lanes) {
                lane.get();
            }
        } finally {
            pool.shutdownNow();
        }
        return total;
    }

    private static void database(long seed, Settings settings, Tally tally) throws SQLException {
        Random random = new Random(seed);
        RandomDatabase database = RandomDatabase.draw(random);
        List<String> statements = accepted(database.statements());
        tally.databases++;
        try (EnginePair engines = load(statements)) {
            Oracles oracles = new Oracles(engines);
            QueryGenerator generator = new QueryGenerator(random, database);
            for (int q = 0; q < settings.perDatabase(); q++) {
                QueryGenerator.Drawn drawn = generator.next();
                GeneratedQuery query = drawn.query();
                Oracles.Finding finding = oracles.differential(query);
                tally.differential(finding, query);
                if (finding.failed() || finding.verdict() == Oracles.Verdict.ORDER) {
                    Oracles.Verdict verdict = finding.verdict();
                    keep(
                            finding.failed() ? tally.reproductions : tally.tieExamples,
                            settings,
                            seed,
                            "differential",
                            statements,
                            query,
                            (o, smaller) -> o.differential(smaller).verdict() == verdict);
                }
                if (finding.verdict() == Oracles.Verdict.EQUAL && oracles.sumsReals(query)) {
                    Oracles.Finding sums = oracles.engineSums(query);
                    tally.engineSums.merge(sums.verdict(), 1L, Long::sum);
                    if (sums.failed()) {
                        keep(
                                tally.reproductions,
                                settings,
                                seed,
                                "the engine's own sums of reals",
                                statements,
                                query,
                                (o, smaller) -> o.sumsReals(smaller)
                                        && o.engineSums(smaller).failed());
                    }
                }
                if (finding.verdict() != Oracles.Verdict.EQUAL) {
                    continue;
                }
                if (Oracles.partitionable(query) && random.nextInt(3) == 0) {
                    Node predicate = drawn.predicate();
                    Oracles.Finding partitions = oracles.partitions((SelectQuery) query, predicate);
                    tally.partitions.merge(partitions.verdict(), 1L, Long::sum);
                    if (partitions.failed()) {
                        keep(
                                tally.reproductions,
                                settings,
                                seed,
                                "ternary logic partitioning on " + predicate.sql(),
                                statements,
                                query,
                                (o, smaller) -> Oracles.partitionable(smaller)
                                        && o.partitions((SelectQuery) smaller, predicate)
                                                .failed());
                    }
                }
                if (Oracles.norecApplies(query) && random.nextInt(3) == 0) {
                    Oracles.Finding norec = oracles.norec((SelectQuery) query);
                    tally.norec.merge(norec.verdict(), 1L, Long::sum);
                    if (norec.failed()) {
                        keep(
                                tally.reproductions,
                                settings,
                                seed,
                                "NoREC",
                                statements,
                                query,
                                (o, smaller) -> Oracles.norecApplies(smaller)
                                        && o.norec((SelectQuery) smaller).failed());
                    }
                }
            }
        }
    }

    private static void keep(
            List<String> into,
            Settings settings,
            long seed,
            String oracle,
            List<String> statements,
            GeneratedQuery query,
            Shrinker.Check check)
            throws SQLException {
        if (into.size() >= settings.maxReproductions()) {
            return;
        }
        Shrinker.Reproduction small = Shrinker.shrink(statements, query, check);
        StringBuilder out = new StringBuilder();
        out.append("# ").append(oracle).append(", database seed ").append(seed).append('\n');
        out.append("setup: ").append(String.join("; ", small.statements())).append('\n');
        out.append("sqlite: ").append(small.query().sql()).append('\n');
        try (EnginePair engines = load(small.statements())) {
            Translation translation = SqliteToDuckDb.translate(small.query().sql(), engines.schema());
            out.append("duckdb: ")
                    .append(
                            translation instanceof Translation.Translated translated
                                    ? translated.sql()
                                    : "REFUSED " + ((Translation.Untranslatable) translation).reason())
                    .append('\n');
            Oracles.Finding finding = new Oracles(engines).differential(small.query());
            out.append("  differential: ").append(finding.verdict());
            if (finding.detail() != null) {
                out.append(": ").append(finding.detail());
            }
            out.append('\n');
        }
        into.add(out.toString());
    }

    /** The statements SQLite accepts: a UNIQUE index over duplicated values is left out. */
    static List<String> accepted(List<String> statements) throws SQLException {
        List<String> out = new ArrayList<>();
        try (Connection sqlite = DriverManager.getConnection("jdbc:sqlite::memory:");
                Statement statement = sqlite.createStatement()) {
            for (String sql : statements) {
                try {
                    statement.execute(sql);
                    out.add(sql);
                } catch (SQLException e) {
                    // A constraint the drawn data breaks: the database is the one without it.
                }
            }
        }
        return out;
    }

    /** Both engines with the database the statements make. */
    static EnginePair load(List<String> statements) throws SQLException {
        EnginePair engines = new EnginePair();
        try {
            engines.sqliteScript(statements);
            engines.copyTables();
            return engines;
        } catch (SQLException e) {
            engines.close();
            throw e;
        }
    }

    /** The run's counts as a Markdown report. */
    static String report(Settings settings, Tally tally, Duration took) {
        return report("DuckDB", settings, tally, took);
    }

    /** The run's counts as a Markdown report, the differential's on the named target. */
    static String report(String target, Settings settings, Tally tally, Duration took) {
        StringBuilder out = new StringBuilder("# Generated queries, SQLite against the " + target + " translation\n\n");
        long queries = tally.queries();
        out.append("Seeds %d to %d (%d databases, %d queries each), %d threads, %.0f s.%n%n"
                .formatted(
                        settings.seed(),
                        settings.seed() + tally.databases - 1,
                        tally.databases,
                        settings.perDatabase(),
                        settings.threads(),
                        took.toMillis() / 1000.0));
        out.append("| differential | queries | share |\n|---|---:|---:|\n");
        for (Map.Entry<Oracles.Verdict, Long> entry : tally.differential.entrySet()) {
            out.append("| %s | %,d | %.2f%% |%n"
                    .formatted(entry.getKey(), entry.getValue(), 100.0 * entry.getValue() / queries));
        }
        out.append("\n| oracle on the translated side | verdict | queries |\n|---|---|---:|\n");
        tally.partitions.forEach((verdict, count) ->
                out.append("| ternary logic partitioning | %s | %,d |%n".formatted(verdict, count)));
        tally.norec.forEach((verdict, count) -> out.append("| NoREC | %s | %,d |%n".formatted(verdict, count)));
        tally.engineSums.forEach((verdict, count) ->
                out.append("| the engine's own sums of reals | %s | %,d |%n".formatted(verdict, count)));
        long refused = tally.count(tally.differential, Oracles.Verdict.REFUSED);
        out.append("\nRefusals by reason (share of all queries):\n\n| queries | share | reason |\n|---:|---:|---|\n");
        tally.refusals.entrySet().stream()
                .sorted(Map.Entry.<String, Long>comparingByValue().reversed())
                .forEach(entry -> out.append("| %,d | %.2f%% | %s |%n"
                        .formatted(
                                entry.getValue(),
                                100.0 * entry.getValue() / queries,
                                entry.getKey().replace("|", "\\|"))));
        out.append("\n(%,d refused in all.)%n".formatted(refused));
        if (!tally.engineErrors.isEmpty()) {
            out.append("\n" + target + " errors on translated queries (`auto` then goes on to the next engine):\n\n");
            tally.engineErrors.forEach((error, count) -> out.append(
                    "- %,d: %s (first met on `%s`)%n".formatted(count, error, tally.engineErrorExamples.get(error))));
        }
        out.append("\nFailures (wrong answers and translator errors): %d%n".formatted(tally.failures()));
        tally.reproductions.forEach(
                reproduction -> out.append("\n```\n").append(reproduction).append("```\n"));
        out.append("\nTied rows in another order under an ORDER BY without LIMIT (SQL leaves their order open; the"
                + " translation follows SQLite's where it knows it, and refuses a LIMIT that would keep other rows):"
                + " %,d%n".formatted(tally.count(tally.differential, Oracles.Verdict.ORDER)));
        tally.tieExamples.forEach(
                example -> out.append("\n```\n").append(example).append("```\n"));
        return out.toString();
    }
}
