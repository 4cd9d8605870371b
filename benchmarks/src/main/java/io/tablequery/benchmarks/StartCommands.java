package io.tablequery.benchmarks;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/** Runs a checkout's {@code tq} launcher as a user does, and times it. */
final class StartCommands {
    private static final Pattern SERVER = Pattern.compile("\"server\":\"([^\"]+)\"");
    private static final String NO_DAEMON = "TQ_NO_DAEMON";
    private static final String THROUGH_SERVER = "TQ_THROUGH_SERVER";

    private StartCommands() {}

    /**
     * A timed run.
     *
     * @param millis wall time from start to exit (or to the first answer)
     * @param failure the command's standard error when it failed, else null
     */
    record Timed(double millis, String failure) {}

    /**
     * Runs {@code launcher args...} to its end, feeding {@code stdin} if given; {@code resident} says whether it may
     * start (and go through) a resident server, else it runs in its own process as {@code TQ_NO_DAEMON=1} asks (a
     * baseline checkout without resident servers ignores the variable).
     */
    static Timed run(Path launcher, List<String> args, String stdin, boolean resident)
            throws IOException, InterruptedException {
        return run(launcher, args, stdin, resident, false);
    }

    /**
     * Runs {@code launcher args...} as {@link #run(Path, List, String, boolean)} does; {@code jvmClient} makes the
     * launcher start a JVM for a command that it would send to a running server itself ({@code TQ_THROUGH_SERVER=0}).
     */
    static Timed run(Path launcher, List<String> args, String stdin, boolean resident, boolean jvmClient)
            throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(launcher.toString()));
        command.addAll(args);
        Path err = Files.createTempFile("tq-start", ".err");
        try {
            long start = System.nanoTime();
            ProcessBuilder builder = residentOrNot(new ProcessBuilder(command), resident);
            if (jvmClient) {
                builder.environment().put(THROUGH_SERVER, "0");
            }
            Process process = builder.redirectOutput(ProcessBuilder.Redirect.DISCARD)
                    .redirectError(err.toFile())
                    .start();
            try (OutputStream in = process.getOutputStream()) {
                if (stdin != null) {
                    in.write(stdin.getBytes(StandardCharsets.UTF_8));
                }
            }
            if (!process.waitFor(5, TimeUnit.MINUTES)) {
                process.destroyForcibly();
                return new Timed(Double.NaN, "did not end in 5 minutes");
            }
            double millis = (System.nanoTime() - start) / 1e6;
            return process.exitValue() == 0 ? new Timed(millis, null) : new Timed(millis, firstError(err));
        } finally {
            Files.deleteIfExists(err);
        }
    }

    /** Starts {@code tq mcp ...}, initializes it and times its first answer to search_tables. */
    static Timed mcpFirstAnswer(Path launcher, List<String> args, boolean resident)
            throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(launcher.toString()));
        command.addAll(args);
        Path err = Files.createTempFile("tq-start", ".err");
        try {
            long start = System.nanoTime();
            Process process = residentOrNot(new ProcessBuilder(command), resident)
                    .redirectError(err.toFile())
                    .start();
            BufferedReader out =
                    new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
            OutputStream in = process.getOutputStream();
            in.write(("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"protocolVersion\":"
                            + "\"2025-06-18\",\"capabilities\":{},\"clientInfo\":{\"name\":\"bench\",\"version\":\"1\"}}}\n"
                            + "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}\n"
                            + "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/call\",\"params\":{\"name\":"
                            + "\"search_tables\",\"arguments\":{\"query\":\"2025 April May June sales total\"}}}\n")
                    .getBytes(StandardCharsets.UTF_8));
            in.flush();
            // A server that never answers (one stuck building its jar, say) is stopped, which ends its output.
            CompletableFuture<Void> limit = CompletableFuture.runAsync(
                    process::destroyForcibly, CompletableFuture.delayedExecutor(5, TimeUnit.MINUTES));
            String answer = null;
            try {
                for (String line = out.readLine(); line != null; line = out.readLine()) {
                    if (line.contains("\"id\":2")) {
                        answer = line;
                        break;
                    }
                }
            } finally {
                limit.cancel(false);
            }
            if (answer == null && limit.isDone() && !limit.isCancelled()) {
                return new Timed(Double.NaN, "no first answer in 5 minutes");
            }
            double millis = (System.nanoTime() - start) / 1e6;
            in.close();
            if (!process.waitFor(60, TimeUnit.SECONDS)) {
                process.destroyForcibly();
            }
            return answer != null && !answer.contains("\"isError\":true")
                    ? new Timed(millis, null)
                    : new Timed(millis, answer == null ? firstError(err) : "the first answer was a tool error");
        } finally {
            Files.deleteIfExists(err);
        }
    }

    /** The environment of a command that may start a resident server (idle for ten minutes), or may not. */
    private static ProcessBuilder residentOrNot(ProcessBuilder builder, boolean resident) {
        if (resident) {
            builder.environment().remove(NO_DAEMON);
            builder.environment().put("TQ_DAEMON_IDLE", "600");
        } else {
            builder.environment().put(NO_DAEMON, "1");
        }
        return builder;
    }

    /** Stops the resident server of a data root, if one runs. */
    static void stopResident(Path launcher, Path root) throws IOException, InterruptedException {
        Process process = new ProcessBuilder(launcher.toString(), "daemon", "stop", "--data", root.toString())
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .start();
        if (!process.waitFor(2, TimeUnit.MINUTES)) {
            process.destroyForcibly();
            throw new IllegalStateException("tq daemon stop did not end in 2 minutes");
        }
    }

    /** A running {@code tq serve}. */
    record Server(Process process, URI url) implements AutoCloseable {
        @Override
        public void close() throws InterruptedException {
            process.destroy();
            if (!process.waitFor(30, TimeUnit.SECONDS)) {
                process.destroyForcibly();
            }
        }
    }

    /** Starts {@code tq serve --data root --port 0} and waits until its note in the data root names its URL. */
    static Server serve(Path launcher, Path root) throws IOException, InterruptedException {
        Process process = new ProcessBuilder(launcher.toString(), "serve", "--data", root.toString(), "--port", "0")
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .start();
        Path note = root.resolve(".tq-served.json");
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
        while (System.nanoTime() < deadline && process.isAlive()) {
            if (Files.exists(note)) {
                Matcher url = SERVER.matcher(Files.readString(note));
                if (url.find()) {
                    return new Server(process, URI.create(url.group(1)));
                }
            }
            Thread.sleep(50);
        }
        process.destroyForcibly();
        throw new IllegalStateException("tq serve did not announce its URL in " + note);
    }

    /** Drops the page cache, so that the next run reads jar, libraries and workspace from disk; false if refused. */
    static boolean dropPageCache() {
        try {
            new ProcessBuilder("sync").start().waitFor();
            Files.writeString(Path.of("/proc/sys/vm/drop_caches"), "3");
            return true;
        } catch (IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    /** Copies a closed workspace directory, without its lock and holder note. */
    static Path copyWorkspace(Path from, Path to) throws IOException {
        try (Stream<Path> paths = Files.walk(from)) {
            for (Path path : paths.toList()) {
                Path target = to.resolve(from.relativize(path).toString());
                String name = path.getFileName().toString();
                if (Files.isDirectory(path)) {
                    Files.createDirectories(target);
                } else if (!name.equals(".lock") && !name.equals(".holder.json")) {
                    Files.copy(path, target, StandardCopyOption.REPLACE_EXISTING);
                }
            }
        }
        return to;
    }

    /** The code of the command's error ({@code WORKSPACE_LOCKED}), without its message, which names paths. */
    private static String firstError(Path err) throws IOException {
        return Files.readAllLines(err).stream()
                .filter(line -> line.startsWith("error [") && line.indexOf(']') > 7)
                .map(line -> line.substring(7, line.indexOf(']')))
                .findFirst()
                .orElse("failed");
    }
}
