package io.tablequery.benchmarks;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/** The start benchmark's markdown report. */
final class StartReport {
    private StartReport() {}

    static String markdown(StartBenchmark.Result result) {
        StringBuilder md = new StringBuilder("# Command start times\n\n");
        md.append("Each command is a whole process started through a checkout's `tq` launcher, timed from its start to"
                + " its exit (`tq mcp`: to its first answer, after `initialize`), on the sample files. Cold is the"
                + " first run after the page cache was dropped");
        md.append(result.cacheDropped() ? "" : " (it could not be dropped here: cold runs are warm for the disk)");
        md.append(", and for the resident server the command that starts it, none running before");
        md.append("; warm is the median of %d runs, the contenders taking turns. Reproduce: `./tq bench start"
                        .formatted(result.repetitions())
                + " --baseline DIR`, with DIR a checkout of the earlier commit whose jar is built. Embedded runs set"
                + " `TQ_NO_DAEMON=1`; the resident server's rows are this checkout's alone. Beside a server, the"
                + " launcher sends the skill's three commands to it with curl and starts no JVM; the rows `resident"
                + " server, JVM client` start one for them as before (`TQ_THROUGH_SERVER=0`).\n\n");
        md.append("| command | where | contender | cold ms | warm ms (min-max) | warm / baseline |\n");
        md.append("|---|---|---|---:|---:|---:|\n");
        for (StartBenchmark.Row row : result.rows()) {
            md.append(String.format(
                    Locale.ROOT,
                    "| %s | %s | %s | %s | %s | %s |%n",
                    row.command(),
                    row.where(),
                    row.contender(),
                    row.failure() != null && Double.isNaN(row.coldMillis()) ? "fails" : millis(row.coldMillis()),
                    row.failure() != null && Double.isNaN(row.warmMillis())
                            ? "fails: `" + row.failure().replace("|", "\\|") + "`"
                            : "%s (%s-%s)"
                                    .formatted(
                                            millis(row.warmMillis()),
                                            millis(row.warmMinMillis()),
                                            millis(row.warmMaxMillis())),
                    ratio(row, result.rows())));
        }
        md.append("\nMachine: ");
        for (Map.Entry<String, String> entry : result.machine().entrySet()) {
            md.append(entry.getKey()).append(' ').append(entry.getValue()).append("; ");
        }
        md.setLength(md.length() - 2);
        md.append(".\n");
        return md.toString();
    }

    private static String ratio(StartBenchmark.Row row, List<StartBenchmark.Row> rows) {
        if (row.contender().equals("baseline")) {
            return "";
        }
        Optional<StartBenchmark.Row> baseline = rows.stream()
                .filter(other -> other.contender().equals("baseline")
                        && other.command().equals(row.command())
                        && other.where().equals(row.where()))
                .findFirst();
        if (baseline.isEmpty() || Double.isNaN(baseline.get().warmMillis()) || Double.isNaN(row.warmMillis())) {
            return "";
        }
        return String.format(
                Locale.ROOT, "%.2f×", row.warmMillis() / baseline.get().warmMillis());
    }

    private static String millis(double value) {
        return Double.isNaN(value) ? "-" : String.format(Locale.ROOT, "%,.0f", value);
    }
}
