package io.tablequery.benchmarks;

import static java.util.Objects.requireNonNull;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Stream;
import org.apache.commons.io.file.PathUtils;

/**
 * What an agent waits for per command: {@code tq search-tables}, {@code tq get-schemas}, {@code tq run-sql} and {@code
 * tq mcp} (started, then initialized, until its first answer) on the sample files, each as a whole process run through
 * a checkout's {@code tq} launcher: in its own process ({@code TQ_NO_DAEMON=1}), beside a running {@code tq serve}, and
 * through the resident server that the first command starts. Cold is the first run after the page cache was dropped
 * (when this process may drop it), and for the resident server the run that starts it; warm is the median of the runs
 * after it, the contenders taking turns, so that a baseline checkout ({@code --baseline DIR}, its jar built) is
 * measured side by side (the resident server's rows are this checkout's alone).
 */
final class StartBenchmark {
    /**
     * What to run.
     *
     * @param repetitions warm runs per case and contender; 0 runs each case cold only (the build's test does: it checks
     *     that the commands answer, not how fast)
     * @param dropCache whether to drop the page cache before each cold run (it needs root)
     * @param home this checkout
     * @param baseline another checkout to compare with, or null
     * @param data where the workspaces are made
     * @param results where the report goes, or null
     * @param commands the commands to time, by name ({@code search-tables}, {@code get-schemas}, {@code run-sql},
     *     {@code mcp}); empty for all
     */
    record Settings(
            int repetitions,
            boolean dropCache,
            Path home,
            Path baseline,
            Path data,
            Path results,
            List<String> commands) {
        Settings {
            requireNonNull(home, "home is null");
            requireNonNull(data, "data is null");
            commands = List.copyOf(commands);
            if (!COMMANDS.containsAll(commands)) {
                throw new IllegalArgumentException("commands must be among " + COMMANDS + ", not " + commands);
            }
            if (repetitions < 0) {
                throw new IllegalArgumentException("repetitions must be at least 0");
            }
        }

        static Settings defaults(Path home, Path data, Path results) {
            return new Settings(10, true, home, null, data, results, List.of());
        }
    }

    /**
     * One case on one contender.
     *
     * @param command what ran
     * @param where on the directory itself ({@code embedded}) or beside a running server ({@code beside server})
     * @param contender {@code this checkout} or {@code baseline}
     * @param coldMillis the run after the page cache was dropped
     * @param warmMillis the median of the warm runs
     * @param warmMinMillis the fastest warm run
     * @param warmMaxMillis the slowest warm run
     * @param failure how the command failed, or null
     */
    record Row(
            String command,
            String where,
            String contender,
            double coldMillis,
            double warmMillis,
            double warmMinMillis,
            double warmMaxMillis,
            String failure) {}

    /**
     * The outcome.
     *
     * @param machine where it ran
     * @param repetitions warm runs per case
     * @param cacheDropped whether cold runs had the page cache dropped
     * @param rows every case on every contender
     */
    record Result(Map<String, String> machine, int repetitions, boolean cacheDropped, List<Row> rows) {}

    private StartBenchmark() {}

    static Result run(Settings settings, PrintStream log) throws Exception {
        Path scratch = settings.data().resolve("start");
        if (Files.exists(scratch)) {
            PathUtils.deleteDirectory(scratch);
        }
        Files.createDirectories(scratch);
        Map<String, Path> launchers = new LinkedHashMap<>();
        launchers.put("this checkout", settings.home().resolve("tq"));
        if (settings.baseline() != null) {
            launchers.put("baseline", settings.baseline().resolve("tq"));
        }
        Path samples = settings.home().resolve("samples").resolve("files");
        Path prepared = scratch.resolve("prepared");
        List<String> ingest = new ArrayList<>(List.of("ingest", "--workspace", prepared.toString()));
        try (Stream<Path> files = Files.list(samples)) {
            files.sorted().forEach(file -> ingest.add(file.toString()));
        }
        StartCommands.Timed made = StartCommands.run(launchers.get("this checkout"), ingest, null, false);
        if (made.failure() != null) {
            throw new IllegalStateException("could not upload the samples: " + made.failure());
        }
        Path plan = Files.writeString(scratch.resolve("plan.json"), PLAN);
        boolean dropped = settings.dropCache() && StartCommands.dropPageCache();
        log.printf("page cache %s before cold runs%n", dropped ? "dropped" : "not dropped (not permitted)");

        List<Row> rows = new ArrayList<>();
        Map<String, Path> embedded = new LinkedHashMap<>();
        for (String contender : launchers.keySet()) {
            embedded.put(contender, StartCommands.copyWorkspace(prepared, scratch.resolve(slug(contender))));
        }
        for (Case command : cases(settings, plan)) {
            rows.addAll(measure(command, EMBEDDED, launchers, embedded, settings, dropped, log));
        }
        Path root = scratch.resolve("served");
        Path served = StartCommands.copyWorkspace(prepared, root.resolve("default"));
        try (StartCommands.Server server = StartCommands.serve(launchers.get("this checkout"), root)) {
            log.printf("tq serve listens at %s%n", server.url());
            Map<String, Path> beside = new LinkedHashMap<>();
            launchers.keySet().forEach(contender -> beside.put(contender, served));
            for (Case command : cases(settings, plan)) {
                rows.addAll(measure(command, BESIDE_SERVER, launchers, beside, settings, dropped, log));
            }
        }
        Path residentRoot = scratch.resolve("resident");
        Map<String, Path> resident =
                Map.of("this checkout", StartCommands.copyWorkspace(prepared, residentRoot.resolve("default")));
        Map<String, Path> thisCheckout = Map.of("this checkout", launchers.get("this checkout"));
        try {
            for (Case command : cases(settings, plan)) {
                rows.addAll(measure(command, RESIDENT, thisCheckout, resident, settings, dropped, log));
                if (!command.mcp()) {
                    rows.addAll(measure(command, RESIDENT_JVM, thisCheckout, resident, settings, dropped, log));
                }
            }
        } finally {
            StartCommands.stopResident(launchers.get("this checkout"), residentRoot);
        }
        Result result = new Result(Machine.describe(), settings.repetitions(), dropped, rows);
        if (settings.results() != null) {
            Reports.write(settings.results(), "start", StartReport.markdown(result), result);
        }
        return result;
    }

    /** In the command's own process ({@code TQ_NO_DAEMON=1}). */
    static final String EMBEDDED = "embedded";

    /** Through a {@code tq serve} of the data root, started before. */
    static final String BESIDE_SERVER = "beside server";

    /**
     * Through the resident server the first command starts: the cold run is that first command, with no server running
     * before it.
     */
    static final String RESIDENT = "resident server";

    /**
     * Through the resident server, the launcher starting a JVM for the command as it did before it sent the skill's
     * commands to the server itself ({@code TQ_THROUGH_SERVER=0}).
     */
    static final String RESIDENT_JVM = "resident server, JVM client";

    /** A command an agent runs, with its arguments after {@code --workspace DIR}. */
    record Case(String name, List<String> args, boolean mcp) {
        /** The command's name, its first argument. */
        String command() {
            return args.get(0);
        }
    }

    private static List<Case> cases(Settings settings, Path plan) {
        return cases(plan).stream()
                .filter(command ->
                        settings.commands().isEmpty() || settings.commands().contains(command.command()))
                .toList();
    }

    /** The commands the cases run, one case each, in order. */
    static final List<String> COMMANDS = List.of("search-tables", "get-schemas", "run-sql", "mcp");

    static List<Case> cases(Path plan) {
        return List.of(
                new Case(
                        "tq search-tables",
                        List.of("search-tables", "--query", "2025 April May June sales total", "--top-k", "5"),
                        false),
                new Case("tq get-schemas", List.of("get-schemas", "--tables", "orders,sales_2025_q1"), false),
                new Case("tq run-sql", List.of("run-sql", "--plan-file", plan.toString()), false),
                new Case("tq mcp, to its first answer", List.of("mcp"), true));
    }

    private static List<Row> measure(
            Case command,
            String where,
            Map<String, Path> launchers,
            Map<String, Path> workspaces,
            Settings settings,
            boolean dropCache,
            PrintStream log)
            throws IOException, InterruptedException {
        Map<String, StartCommands.Timed> cold = new LinkedHashMap<>();
        boolean resident = where.equals(RESIDENT) || where.equals(RESIDENT_JVM);
        boolean jvmClient = where.equals(RESIDENT_JVM);
        for (String contender : launchers.keySet()) {
            if (resident) {
                StartCommands.stopResident(
                        launchers.get(contender), workspaces.get(contender).getParent());
            }
            if (dropCache) {
                StartCommands.dropPageCache();
            }
            cold.put(
                    contender, time(command, launchers.get(contender), workspaces.get(contender), resident, jvmClient));
        }
        Map<String, List<Double>> warm = new LinkedHashMap<>();
        Map<String, String> failures = new LinkedHashMap<>();
        launchers.keySet().forEach(contender -> warm.put(contender, new ArrayList<>()));
        for (int i = 0; i < settings.repetitions(); i++) {
            for (String contender : launchers.keySet()) {
                StartCommands.Timed timed =
                        time(command, launchers.get(contender), workspaces.get(contender), resident, jvmClient);
                if (timed.failure() != null) {
                    failures.putIfAbsent(contender, timed.failure());
                } else {
                    warm.get(contender).add(timed.millis());
                }
            }
        }
        List<Row> rows = new ArrayList<>();
        for (String contender : launchers.keySet()) {
            double[] times = warm.get(contender).stream()
                    .mapToDouble(Double::doubleValue)
                    .toArray();
            String failure =
                    cold.get(contender).failure() != null ? cold.get(contender).failure() : failures.get(contender);
            Row row = new Row(
                    command.name(),
                    where,
                    contender,
                    cold.get(contender).failure() == null ? cold.get(contender).millis() : Double.NaN,
                    times.length == 0 ? Double.NaN : Medians.of(times),
                    Arrays.stream(times).min().orElse(Double.NaN),
                    Arrays.stream(times).max().orElse(Double.NaN),
                    failure);
            log.printf(
                    Locale.ROOT,
                    "%-28s %-14s %-14s cold %7.0f ms  warm %7.0f ms%s%n",
                    row.command(),
                    row.where(),
                    row.contender(),
                    row.coldMillis(),
                    row.warmMillis(),
                    failure == null ? "" : "  failed: " + failure);
            rows.add(row);
        }
        return rows;
    }

    private static StartCommands.Timed time(
            Case command, Path launcher, Path workspace, boolean resident, boolean jvmClient)
            throws IOException, InterruptedException {
        List<String> args = new ArrayList<>(command.args());
        args.addAll(List.of("--workspace", workspace.toString()));
        return command.mcp()
                ? StartCommands.mcpFirstAnswer(launcher, args, resident)
                : StartCommands.run(launcher, args, null, resident, jvmClient);
    }

    private static String slug(String contender) {
        return contender.replace(' ', '-');
    }

    private static final String PLAN = "{\"queries\":[{\"step\":1,\"sql\":\"CREATE TEMP TABLE \\\"final_table_step1\\\""
            + " AS SELECT \\\"city\\\", SUM(\\\"total\\\") AS \\\"total\\\" FROM \\\"orders\\\" GROUP BY \\\"city\\\"\","
            + "\"source_table_names\":[\"orders\"],\"destine_table_name\":\"final_table_step1\","
            + "\"destine_table_type\":\"final\",\"destine_table_description\":\"Order totals by city\"}]}";
}
