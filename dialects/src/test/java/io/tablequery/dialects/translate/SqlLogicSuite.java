package io.tablequery.dialects.translate;

import io.tablequery.dialects.testing.Corpora;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.stream.Stream;

/**
 * Runs sqllogictest files of ../shared/corpora on a target and writes the shares: per file and in total, the queries
 * tried, translated and equal, the refusals counted by reason, and every mismatch.
 *
 * @param queries the queries tried
 * @param translated those translated
 * @param equal those equal to SQLite's recorded results
 * @param mismatches the queries that differ
 * @param report the report, as written
 */
public record SqlLogicSuite(int queries, int translated, int equal, List<String> mismatches, String report) {
    /**
     * The suite's files: {@code select1.test} to {@code select<n>.test}, then {@code evidence/*.test}.
     *
     * @param selects how many of the select files
     * @return the files
     * @throws Exception when the corpus cannot be listed
     */
    public static List<Path> files(int selects) throws Exception {
        Path suite = Corpora.resolve("sqllogictest/test");
        List<Path> files = new ArrayList<>();
        for (int i = 1; i <= selects; i++) {
            files.add(suite.resolve("select" + i + ".test"));
        }
        try (Stream<Path> evidence = Files.list(suite.resolve("evidence"))) {
            evidence.filter(path -> path.toString().endsWith(".test")).sorted().forEach(files::add);
        }
        return files;
    }

    /**
     * Runs files on targets, one target per file, and writes the report.
     *
     * @param title the report's first line
     * @param files the files
     * @param target makes the target of a file
     * @param every 1 for every query, n for every n-th
     * @param report where the report goes
     * @return the outcome
     * @throws Exception when a file cannot be run
     */
    public static SqlLogicSuite run(
            String title, List<Path> files, Function<Path, QueryTarget> target, int every, Path report)
            throws Exception {
        int queries = 0;
        int translated = 0;
        int equal = 0;
        Map<String, Integer> refusals = new TreeMap<>();
        List<String> mismatches = new ArrayList<>();
        StringBuilder text = new StringBuilder(title).append('\n');
        for (Path file : files) {
            QueryTarget on = target.apply(file);
            SqlLogicTestFile.Outcome outcome;
            try {
                outcome = new SqlLogicTestFile(file, on, every).run();
            } finally {
                if (on instanceof AutoCloseable closeable) {
                    closeable.close();
                }
            }
            queries += outcome.queries();
            translated += outcome.translated();
            equal += outcome.equal();
            outcome.refusals().forEach((reason, count) -> refusals.merge(reason, count, Integer::sum));
            mismatches.addAll(outcome.mismatches());
            text.append("%-32s queries %5d  translated %5d  equal %5d%n"
                    .formatted(file.getFileName(), outcome.queries(), outcome.translated(), outcome.equal()));
        }
        text.append("%-32s queries %5d  translated %5d (%.2f%%)  equal %5d (%.2f%% of translated)%n"
                .formatted(
                        "total",
                        queries,
                        translated,
                        100.0 * translated / Math.max(1, queries),
                        equal,
                        100.0 * equal / Math.max(1, translated)));
        text.append("\nRefusals:\n");
        refusals.forEach((reason, count) -> text.append("%6d  %s%n".formatted(count, reason)));
        text.append("\nMismatches:\n");
        mismatches.forEach(mismatch -> text.append(mismatch).append("\n"));
        Files.createDirectories(report.toAbsolutePath().getParent());
        Files.writeString(report, text);
        return new SqlLogicSuite(queries, translated, equal, mismatches, text.toString());
    }
}
