package io.tablequery.engine.ingest;

import io.tablequery.engine.catalog.ColumnInfo;
import io.tablequery.engine.ingest.report.SheetReport;
import io.tablequery.engine.workspace.IngestResult;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Scores found tables against the tables a person sees, as TableSense measures: a found table matches an expected one
 * when no edge of its range is more than two rows or columns off (EoB-2), the closest first; the matched tables'
 * column names are checked where the expected ones are written out.
 */
final class LayoutScore {
    int expected;
    int found;
    int matchedExpected;
    int matchedFound;
    int exact;
    int namesRight;
    int namesChecked;
    final List<String> misses = new ArrayList<>();
    final List<String> columns = new ArrayList<>();

    /**
     * Scores one sheet.
     *
     * @param name the sheet's name in the report
     * @param wanted the tables a person sees in it
     * @param tables the data tables found in it
     * @param result the upload they came from
     */
    void score(String name, List<LayoutSetTest.Expected> wanted, List<SheetReport> tables, IngestResult result) {
        List<LayoutSetTest.Range> got =
                tables.stream().map(t -> LayoutSetTest.rangeOf(t, result)).toList();
        expected += wanted.size();
        found += got.size();
        Set<Integer> used = new HashSet<>();
        for (LayoutSetTest.Expected want : wanted) {
            LayoutSetTest.Range wantRange = LayoutSetTest.Range.parse(want.range());
            int best = -1;
            for (int i = 0; i < got.size(); i++) {
                long error = got.get(i).boundaryError(wantRange);
                if (!used.contains(i)
                        && error <= 2
                        && (best < 0 || error < got.get(best).boundaryError(wantRange))) {
                    best = i;
                }
            }
            if (best < 0) {
                misses.add("%s: %s not found (found %s)".formatted(name, want.range(), got));
                continue;
            }
            used.add(best);
            matchedExpected++;
            if (got.get(best).boundaryError(wantRange) == 0) {
                exact++;
            }
            List<String> names = columnsOf(result, tables.get(best).table());
            columns.add("%s %s: %s".formatted(name, want.range(), names));
            if (want.columns() != null) {
                namesChecked++;
                if (names.equals(want.columns())) {
                    namesRight++;
                } else {
                    misses.add("%s: columns %s, expected %s".formatted(name, names, want.columns()));
                }
            }
        }
        matchedFound += used.size();
        for (int i = 0; i < got.size(); i++) {
            if (!used.contains(i)) {
                misses.add("%s: found %s, not expected".formatted(name, got.get(i)));
            }
        }
    }

    double recall() {
        return (double) matchedExpected / expected;
    }

    double precision() {
        return (double) matchedFound / found;
    }

    /** The rows of the report's table of measures that every set shares. */
    String measures() {
        return "| recall at EoB-2 | %s |%n".formatted(percent(recall()))
                + "| precision at EoB-2 | %s |%n".formatted(percent(precision()))
                + "| exact ranges (EoB-0) of expected | %s |%n".formatted(percent((double) exact / expected))
                + "| column names right, of matched tables checked | %d of %d |%n".formatted(namesRight, namesChecked);
    }

    private static List<String> columnsOf(IngestResult result, String table) {
        return result.tables().stream().filter(t -> t.name().equals(table)).findFirst().orElseThrow().columns().stream()
                .map(ColumnInfo::name)
                .toList();
    }

    /** Writes a report to {@code target/} and prints it. */
    static void write(String fileName, CharSequence report) throws IOException {
        Path out = Path.of("target", fileName);
        Files.createDirectories(out.getParent());
        Files.writeString(out, report);
        System.out.println(report);
    }

    static String percent(double value) {
        return String.format(Locale.ROOT, "%.1f%%", 100 * value);
    }
}
