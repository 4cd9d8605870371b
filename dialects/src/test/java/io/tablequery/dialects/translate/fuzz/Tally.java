package io.tablequery.dialects.translate.fuzz;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Pattern;

/** The counts of a fuzzing run: verdicts per oracle, refusals and engine errors by reason, and the reproductions. */
final class Tally {
    private static final Pattern NAMES = Pattern.compile("(?<!')\\b(?:[tckgv]\\d+|id|sq|w|s)\\b");
    private static final Pattern NUMBERS = Pattern.compile("\\d+");

    final Map<Oracles.Verdict, Long> differential = new EnumMap<>(Oracles.Verdict.class);
    final Map<Oracles.Verdict, Long> partitions = new EnumMap<>(Oracles.Verdict.class);
    final Map<Oracles.Verdict, Long> norec = new EnumMap<>(Oracles.Verdict.class);
    final Map<Oracles.Verdict, Long> engineSums = new EnumMap<>(Oracles.Verdict.class);
    final Map<String, Long> refusals = new TreeMap<>();
    final Map<String, Long> engineErrors = new TreeMap<>();
    /** A query that met each engine error first. */
    final Map<String, String> engineErrorExamples = new TreeMap<>();

    final List<String> reproductions = new ArrayList<>();
    /** Shrunk cases whose tied rows came in another order. */
    final List<String> tieExamples = new ArrayList<>();

    long databases;

    void differential(Oracles.Finding finding, GeneratedQuery query) {
        differential.merge(finding.verdict(), 1L, Long::sum);
        if (finding.verdict() == Oracles.Verdict.REFUSED) {
            refusals.merge(reason(finding.detail()), 1L, Long::sum);
        } else if (finding.verdict() == Oracles.Verdict.ENGINE_ERROR) {
            String error = NUMBERS.matcher(reason(finding.detail())).replaceAll("N");
            engineErrors.merge(error, 1L, Long::sum);
            engineErrorExamples.putIfAbsent(error, query.sql());
        }
    }

    long queries() {
        return differential.values().stream().mapToLong(Long::longValue).sum();
    }

    long count(Map<Oracles.Verdict, Long> of, Oracles.Verdict verdict) {
        return of.getOrDefault(verdict, 0L);
    }

    /** Failures of every oracle: wrong answers and translator errors. */
    long failures() {
        long out = 0;
        for (Map<Oracles.Verdict, Long> of : List.of(differential, partitions, norec, engineSums)) {
            out += count(of, Oracles.Verdict.WRONG)
                    + count(of, Oracles.Verdict.TRANSLATOR_ERROR)
                    + count(of, Oracles.Verdict.ANSWERED_SQLITE_ERROR);
        }
        return out;
    }

    synchronized void add(Tally other) {
        other.differential.forEach((k, v) -> differential.merge(k, v, Long::sum));
        other.partitions.forEach((k, v) -> partitions.merge(k, v, Long::sum));
        other.norec.forEach((k, v) -> norec.merge(k, v, Long::sum));
        other.engineSums.forEach((k, v) -> engineSums.merge(k, v, Long::sum));
        other.refusals.forEach((k, v) -> refusals.merge(k, v, Long::sum));
        other.engineErrors.forEach((k, v) -> engineErrors.merge(k, v, Long::sum));
        other.engineErrorExamples.forEach(engineErrorExamples::putIfAbsent);
        reproductions.addAll(other.reproductions);
        tieExamples.addAll(other.tieExamples);
        databases += other.databases;
    }

    /** A refusal's reason with the generated names taken out, so that reasons of one kind count together. */
    private static String reason(String detail) {
        String general = NAMES.matcher(detail).replaceAll("x");
        return general.length() > 140 ? general.substring(0, 140) + "..." : general;
    }
}
