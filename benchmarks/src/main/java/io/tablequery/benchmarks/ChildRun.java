package io.tablequery.benchmarks;

import io.tablequery.engine.json.JsonCodec;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** Runs one contender in a fresh JVM with a given heap, and reads its measurement back. */
final class ChildRun {
    private static final String PREFIX = "MEASUREMENT ";

    private ChildRun() {}

    /** Spawns a child JVM that runs {@link #main} for one contender on one file. */
    static Measurement spawn(Contender contender, Path file, String heap, Path scratch, int iterations)
            throws Exception {
        Files.createDirectories(scratch);
        List<String> command = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx" + heap,
                "--add-opens=java.base/java.nio=ALL-UNNAMED",
                "-Dorg.slf4j.simpleLogger.defaultLogLevel=warn",
                "-cp",
                System.getProperty("java.class.path"),
                ChildRun.class.getName(),
                contender.name(),
                file.toAbsolutePath().toString(),
                scratch.toAbsolutePath().toString(),
                Integer.toString(iterations)));
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        List<String> output = new ArrayList<>();
        try (BufferedReader in =
                new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
            for (String line; (line = in.readLine()) != null; ) {
                output.add(line);
            }
        }
        int exit = process.waitFor();
        for (String line : output) {
            if (line.startsWith(PREFIX)) {
                return JsonCodec.read(line.substring(PREFIX.length()), Measurement.class);
            }
        }
        throw new IOException(
                "%s exited with %d and no measurement:%n%s".formatted(contender, exit, String.join("\n", output)));
    }

    /**
     * Child entry point: {@code CONTENDER FILE SCRATCH ITERATIONS}.
     *
     * @param args the contender, the input file, a scratch directory and how many runs to make
     * @throws Exception when the run fails
     */
    public static void main(String[] args) throws Exception {
        Contender contender = Contender.valueOf(args[0]);
        Path file = Path.of(args[1]);
        int iterations = Integer.parseInt(args[3]);
        List<Long> times = new ArrayList<>();
        long rows = 0;
        for (int i = 0; i < iterations; i++) {
            Path scratch = Files.createDirectories(Path.of(args[2]).resolve("iteration-" + i));
            Contender.Timed timed = contender.run(file, scratch);
            rows = timed.rows();
            times.add(timed.millis());
        }
        List<Long> warm = times.subList(1, times.size()).stream().sorted().toList();
        long peak = 0;
        for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
            if (pool.getType() == MemoryType.HEAP) {
                peak += pool.getPeakUsage().getUsed();
            }
        }
        Measurement measurement = new Measurement(
                contender.name(), rows, times.get(0), warm.isEmpty() ? -1 : warm.get(warm.size() / 2), peak >> 20);
        System.out.println(PREFIX + JsonCodec.write(measurement));
    }
}
