package io.tablequery.dialects.translate.fuzz;

import io.tablequery.dialects.translate.EnginePair;
import io.tablequery.dialects.translate.QueryTarget;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Random;

/**
 * The fuzzer's differential oracle against any {@link QueryTarget}: {@link QueryFuzzTest}'s generator, database
 * {@code i} drawn from seed {@code seed + i}, each query run on SQLite as written and on the target as translated. A
 * failure is reported with its database seed and query, not shrunk (shrinking runs the target again and again).
 */
public final class TargetFuzz {
    /**
     * What a run found.
     *
     * @param queries the queries run
     * @param equal those the target answered as SQLite did
     * @param failures wrong answers, answers where SQLite has none, and translator errors
     * @param report the Markdown report
     */
    public record Outcome(long queries, long equal, long failures, String report) {}

    private TargetFuzz() {}

    /**
     * Runs the differential on the target.
     *
     * @param target the target
     * @param seed the seed of the first database
     * @param queries how many queries in all
     * @param perDatabase how many on each database
     * @return what it found
     * @throws Exception when a database cannot be made or loaded
     */
    public static Outcome run(QueryTarget target, long seed, long queries, int perDatabase) throws Exception {
        QueryFuzzer.Settings settings = new QueryFuzzer.Settings(seed, queries, perDatabase, 1, 0);
        Instant start = Instant.now();
        Tally tally = new Tally();
        long databases = (queries + perDatabase - 1) / perDatabase;
        for (long d = 0; d < databases; d++) {
            Random random = new Random(seed + d);
            RandomDatabase database = RandomDatabase.draw(random);
            List<String> statements = QueryFuzzer.accepted(database.statements());
            tally.databases++;
            try (EnginePair engines = QueryFuzzer.load(statements)) {
                target.load(engines);
                Oracles oracles = new Oracles(engines, target);
                QueryGenerator generator = new QueryGenerator(random, database);
                for (int q = 0; q < perDatabase; q++) {
                    GeneratedQuery query = generator.next().query();
                    Oracles.Finding finding = oracles.differential(query);
                    tally.differential(finding, query);
                    if (finding.failed()) {
                        tally.reproductions.add("# differential, database seed %d%nsetup: %s%nsqlite: %s%n  %s: %s%n"
                                .formatted(
                                        seed + d,
                                        String.join("; ", statements),
                                        query.sql(),
                                        finding.verdict(),
                                        finding.detail()));
                    }
                }
            }
        }
        String report = QueryFuzzer.report(target.name(), settings, tally, Duration.between(start, Instant.now()));
        return new Outcome(
                tally.queries(), tally.count(tally.differential, Oracles.Verdict.EQUAL), tally.failures(), report);
    }
}
