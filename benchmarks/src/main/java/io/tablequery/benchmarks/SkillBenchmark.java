package io.tablequery.benchmarks;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.sql.SQLException;
import java.time.LocalDate;
import java.util.Locale;
import java.util.Map;

/** The table-query skill's numbers: search-tables latency, and run-sql's overhead over a direct SQLite query. */
final class SkillBenchmark {
    /**
     * What to run.
     *
     * @param tables tables in the search catalog
     * @param meaningTables tables in the catalog searched by meaning too (each is embedded first)
     * @param reuseVectors whether to read back the vectors an earlier run left for the same tables, instead of
     *     embedding them again (the report then gives no embedding time)
     * @param queries searches to time
     * @param tableRows rows of the run-sql table
     * @param repetitions timed runs of each run-sql case
     * @param data where inputs are generated
     * @param results where the report goes, or null
     */
    record Settings(
            int tables,
            int meaningTables,
            boolean reuseVectors,
            int queries,
            int tableRows,
            int repetitions,
            Path data,
            Path results) {
        static Settings defaults(Path data, Path results) {
            return new Settings(10_000, 1_000, false, 10_000, 200_000, 15, data, results);
        }
    }

    /**
     * The outcome.
     *
     * @param machine where it ran
     * @param search the search latencies
     * @param runSql run-sql against the direct query, by case
     */
    record Result(
            Map<String, String> machine,
            SearchBenchmark.Result search,
            SearchBenchmark.MeaningResult meaning,
            Map<String, RunSqlBenchmark.Case> runSql) {}

    /** Questions timed with meaning on: each costs a model run. */
    private static final int MEANING_QUERIES = 1_000;

    private SkillBenchmark() {}

    static Result run(Settings settings, PrintStream log) throws IOException, SQLException {
        SearchBenchmark.Result search = SearchBenchmark.run(settings.tables(), settings.queries(), 20);
        SearchBenchmark.MeaningResult meaning = SearchBenchmark.runMeaning(
                settings.meaningTables(),
                Math.min(MEANING_QUERIES, settings.queries()),
                20,
                settings.data().resolve("skill-meaning.vectors"),
                settings.reuseVectors());
        Map<String, RunSqlBenchmark.Case> runSql = RunSqlBenchmark.run(
                settings.data(), settings.tableRows(), Math.min(1_000, settings.tables()), settings.repetitions());
        Result result = new Result(Machine.describe(), search, meaning, runSql);
        String markdown = markdown(result);
        if (settings.results() != null) {
            Reports.write(settings.results(), "skill", markdown, result);
        }
        log.print(markdown);
        return result;
    }

    static String markdown(Result result) {
        StringBuilder out = new StringBuilder();
        out.append("# Table-query skill benchmark, ").append(LocalDate.now()).append("\n\n");
        out.append("Machine: ").append(result.machine()).append("\n\n");
        SearchBenchmark.Result search = result.search();
        out.append("## search-tables latency\n\n");
        out.append(("%,d generated tables (English and Chinese names, 4-13 columns, low-cardinality values, a key each"
                        + " and for half of them a column naming another table's key), indexed in %,d ms; their %,d"
                        + " joins found in %,d ms, and again from that graph (as after a commit) in %,d ms; %,d"
                        + " generated questions of 3-7 words after 2,000 warm-up searches; top-k %d, matched words and"
                        + " join partners included.%n%n")
                .formatted(
                        search.tables(),
                        search.buildMillis(),
                        search.joins(),
                        search.joinMillis(),
                        search.joinAgainMillis(),
                        search.queries(),
                        search.topK()));
        out.append("| p50 | p99 | max |\n|---:|---:|---:|\n");
        out.append(millisRow(search.p50Micros(), search.p99Micros(), search.maxMicros()));
        out.append("Goal: p50 <= 5 ms, p99 <= 20 ms.\n\n");
        SearchBenchmark.MeaningResult meaning = result.meaning();
        out.append("## search-tables latency by words and meaning\n\n");
        String embedding = Double.isNaN(meaning.embedMillisPerTable())
                ? "their vectors read back from an earlier run of the same tables (`--meaning-vectors reuse`)"
                : String.format(
                        Locale.ROOT,
                        "each table's text embedded in %.1f ms on the background thread after its upload commits (%,.0f"
                                + " s for all; the upload itself takes no longer, and a table is found by its words"
                                + " until its vectors are made)",
                        meaning.embedMillisPerTable(),
                        meaning.embedMillisPerTable() * meaning.tables() / 1000);
        out.append(String.format(
                Locale.ROOT,
                "%,d of such tables with meaning on (`--search meaning`): %s; %,d questions not asked before, after"
                        + " 200 warm-up searches, each embedded by the English model (and by the Chinese one too, since"
                        + " some tables have Chinese names) and fused with BM25.%n%n",
                meaning.tables(),
                embedding,
                meaning.queries()));
        out.append("| p50 | p99 | p50 asked again |\n|---:|---:|---:|\n");
        out.append(millisRow(meaning.p50Micros(), meaning.p99Micros(), meaning.repeatedP50Micros()));
        out.append("Goal (issue 25): p50 <= 10 ms, p99 <= 30 ms, the question's embedding included.\n\n");
        out.append("## run-sql overhead\n\n");
        out.append("The same SELECT, run directly on a new read-only SQLite connection reading every row as text,"
                + " against run-sql (validation, temp table, count, capped fetch through Arrow, text). Medians,"
                + " alternating runs. On a large result run-sql is the faster: the rows stay inside SQLite (CREATE TEMP"
                + " TABLE ... AS) and only those it may show reach Java, where the direct query moves every row into"
                + " Java. On a small one its cost is the plan's checks, the temp table and the count. The direct query"
                + " opens a new connection each time, as run-sql did before the workspace kept a few open; in a workspace"
                + " of many tables SQLite parses the whole schema at a new connection's first statement.\n\n");
        out.append("| case | rows | direct | run-sql | run-sql / direct |\n|---|---:|---:|---:|---:|\n");
        result.runSql()
                .forEach((name, c) -> out.append(String.format(
                        Locale.ROOT,
                        "| %s | %,d | %.2f ms | %.2f ms | %.2fx |%n",
                        name,
                        c.rows(),
                        c.directMicros() / 1000.0,
                        c.runSqlMicros() / 1000.0,
                        c.ratio())));
        return out.toString();
    }

    /** A markdown table row of latencies given in microseconds, shown in milliseconds, and a blank line after. */
    private static String millisRow(long... micros) {
        StringBuilder row = new StringBuilder("|");
        for (long value : micros) {
            row.append(String.format(Locale.ROOT, " %.2f ms |", value / 1000.0));
        }
        return row.append("\n\n").toString();
    }
}
