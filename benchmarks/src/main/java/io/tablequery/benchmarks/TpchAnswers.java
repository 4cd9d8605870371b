package io.tablequery.benchmarks;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * Compares query results: with the corpora's TPC-H answers ({@code tpch/answers/sf<scale>/qNN.csv}, pipe-separated
 * with a header, DuckDB's results over its own {@code dbgen} data), or one engine's with the other's. Rows are
 * compared in order. Numbers agree within one part in a billion, or within half a unit of the expected text's last
 * decimal when that text is rounded (the answers hold exact decimals, the uploaded tables doubles); anything else
 * is compared as text.
 *
 * <p>{@code io.trino.tpch} writes the keys, numbers, dates, names and flags DuckDB's {@code dbgen} writes, but other
 * random addresses and other comments. So address and comment columns are left out of the comparison, and q13, which
 * counts orders by their comment text, cannot be compared with the answers at all.
 */
final class TpchAnswers {
    /** Columns of random text that the two generators fill differently. */
    static final Set<String> GENERATED_TEXT = Set.of("s_address", "c_address", "s_comment", "c_comment");

    /** Queries whose answers depend on text the two generators fill differently, and why. */
    static final Map<String, String> NOT_COMPARABLE =
            Map.of("q13", "counts orders by o_comment, which io.trino.tpch fills differently from DuckDB's dbgen");

    /**
     * An answer file.
     *
     * @param columns its header
     * @param rows its rows
     */
    record Answer(List<String> columns, List<List<String>> rows) {}

    private TpchAnswers() {}

    /** The answers directory of a scale factor, when the corpora have one. */
    static Optional<Path> directory(Path corpora, double scale) {
        Path directory = corpora.resolve("tpch/answers/sf" + TpchBenchmark.scaleText(scale));
        return Files.isDirectory(directory) ? Optional.of(directory) : Optional.empty();
    }

    /** Reads an answer file. */
    static Answer read(Path file) throws IOException {
        List<String> lines = Files.readAllLines(file);
        List<List<String>> rows = new ArrayList<>();
        for (String line : lines.subList(1, lines.size())) {
            rows.add(Arrays.asList(line.split("\\|", -1)));
        }
        return new Answer(Arrays.asList(lines.get(0).split("\\|", -1)), rows);
    }

    /** Compares rows with an answer, leaving out its {@link #GENERATED_TEXT} columns. */
    static Optional<String> compare(List<List<String>> actual, Answer expected) {
        List<Integer> kept = new ArrayList<>();
        for (int c = 0; c < expected.columns().size(); c++) {
            if (!GENERATED_TEXT.contains(expected.columns().get(c))) {
                kept.add(c);
            }
        }
        if (kept.size() == expected.columns().size()) {
            return compare(actual, expected.rows());
        }
        return compare(project(actual, kept, expected.columns().size()), project(expected.rows(), kept, -1));
    }

    private static List<List<String>> project(List<List<String>> rows, List<Integer> kept, int width) {
        List<List<String>> projected = new ArrayList<>();
        for (List<String> row : rows) {
            if (width >= 0 && row.size() != width) {
                return rows;
            }
            List<String> cells = new ArrayList<>();
            kept.forEach(c -> cells.add(row.get(c)));
            projected.add(cells);
        }
        return projected;
    }

    /**
     * Compares rows.
     *
     * @param actual the rows found, as text ({@code null} for NULL)
     * @param expected the rows expected
     * @return empty when they agree, else the first difference
     */
    static Optional<String> compare(List<List<String>> actual, List<List<String>> expected) {
        if (actual.size() != expected.size()) {
            return Optional.of("%d rows where %d were expected".formatted(actual.size(), expected.size()));
        }
        for (int r = 0; r < actual.size(); r++) {
            List<String> found = actual.get(r);
            List<String> wanted = expected.get(r);
            if (found.size() != wanted.size()) {
                return Optional.of(
                        "row %d has %d columns where %d were expected".formatted(r + 1, found.size(), wanted.size()));
            }
            for (int c = 0; c < found.size(); c++) {
                if (!same(found.get(c), wanted.get(c))) {
                    return Optional.of("row %d column %d: %s where %s was expected"
                            .formatted(r + 1, c + 1, found.get(c), wanted.get(c)));
                }
            }
        }
        return Optional.empty();
    }

    static boolean same(String found, String wanted) {
        if (Objects.equals(found, wanted)) {
            return true;
        }
        if (found == null || wanted == null) {
            return (found == null || found.isEmpty()) && (wanted == null || wanted.isEmpty());
        }
        try {
            double a = Double.parseDouble(found);
            double b = Double.parseDouble(wanted);
            int point = wanted.indexOf('.');
            int decimals = point < 0 ? 0 : wanted.length() - point - 1;
            double rounding = 0.5 * Math.pow(10, -decimals);
            return Math.abs(a - b) <= Math.max(rounding, 1e-9 * Math.max(Math.abs(a), Math.abs(b)));
        } catch (NumberFormatException e) {
            return false;
        }
    }
}
