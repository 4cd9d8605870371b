package io.tablequery.benchmarks;

import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * A {@code tq serve} started through a checkout's launcher, as an operator starts it, timed from its start until it
 * answers {@code /health}; its resident memory and open descriptors are read from {@code /proc}.
 *
 * @param process the server's JVM (the launcher execs it)
 * @param url its base URL
 * @param startMillis from starting the launcher to the first answer of {@code /health}
 */
record ServedProcess(Process process, URI url, double startMillis) implements AutoCloseable {
    private static final HttpClient CLIENT =
            HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();

    /**
     * Starts {@code launcher serve --data root --port P options...} and waits for it to answer.
     *
     * @param launcher a checkout's {@code tq}
     * @param root the data root
     * @param options more options
     * @param scratch where its log and temporary files go
     * @return the running server
     * @throws IOException when it does not start within fifteen minutes
     */
    static ServedProcess start(Path launcher, Path root, List<String> options, Path scratch)
            throws IOException, InterruptedException {
        int port = freePort();
        List<String> command = new ArrayList<>(
                List.of(launcher.toString(), "serve", "--data", root.toString(), "--port", Integer.toString(port)));
        command.addAll(options);
        Path temp = Files.createDirectories(scratch.resolve("tmp"));
        Path log = scratch.resolve("serve-" + port + ".log");
        ProcessBuilder builder =
                new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile());
        builder.environment().put("TQ_JAVA_OPTS", "-Djava.io.tmpdir=" + temp);
        long start = System.nanoTime();
        Process process = builder.start();
        URI url = URI.create("http://127.0.0.1:" + port);
        long deadline = start + TimeUnit.MINUTES.toNanos(15);
        while (System.nanoTime() < deadline) {
            if (!process.isAlive()) {
                throw new IOException("tq serve exited with %d: %s"
                        .formatted(process.exitValue(), Files.readString(log, StandardCharsets.UTF_8)));
            }
            try {
                if (CLIENT.send(
                                        HttpRequest.newBuilder(url.resolve("/health"))
                                                .timeout(Duration.ofSeconds(5))
                                                .build(),
                                        HttpResponse.BodyHandlers.discarding())
                                .statusCode()
                        == 200) {
                    return new ServedProcess(process, url, (System.nanoTime() - start) / 1e6);
                }
            } catch (IOException e) {
                // Not listening yet.
            }
            Thread.sleep(10);
        }
        process.destroyForcibly();
        throw new IOException("tq serve did not answer /health within 15 minutes; its log: " + log);
    }

    /** The server's resident memory in MiB, or -1 where {@code /proc} does not say. */
    long residentMb() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc", Long.toString(process.pid()), "status"))) {
                if (line.startsWith("VmRSS:")) {
                    return Long.parseLong(line.replaceAll("[^0-9]", "")) >> 10;
                }
            }
        } catch (IOException | NumberFormatException e) {
            return -1;
        }
        return -1;
    }

    /** The server's open file descriptors, or -1 where {@code /proc} does not say. */
    long descriptors() {
        try (Stream<Path> open = Files.list(Path.of("/proc", Long.toString(process.pid()), "fd"))) {
            return open.count();
        } catch (IOException e) {
            return -1;
        }
    }

    /** The server's Prometheus metrics. */
    String metrics() throws IOException, InterruptedException {
        return CLIENT.send(
                        HttpRequest.newBuilder(url.resolve("/metrics")).build(), HttpResponse.BodyHandlers.ofString())
                .body();
    }

    /** A metric's value in the server's Prometheus text, or NaN when it has none of that name. */
    static double metric(String exposition, String name) {
        return exposition
                .lines()
                .filter(line -> line.startsWith(name + " ") || line.startsWith(name + "{"))
                .mapToDouble(line -> Double.parseDouble(line.substring(line.lastIndexOf(' ') + 1)))
                .findFirst()
                .orElse(Double.NaN);
    }

    @Override
    public void close() throws InterruptedException {
        process.destroy();
        if (!process.waitFor(120, TimeUnit.SECONDS)) {
            process.destroyForcibly().waitFor();
        }
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }
}
