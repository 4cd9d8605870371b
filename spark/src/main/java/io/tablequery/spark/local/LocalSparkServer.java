package io.tablequery.spark.local;

import static java.util.Objects.requireNonNull;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Spark's own {@code SparkConnectServer} in a child JVM on a loopback port, with {@code spark.master=local[N]}: what
 * {@code tq spark local} starts, and what the Spark engine's tests run against. Its temporary and scratch files stay
 * in a directory of its own; closing stops the JVM.
 */
public final class LocalSparkServer implements AutoCloseable {
    private static final String MAIN = "org.apache.spark.sql.connect.service.SparkConnectServer";

    private final Process process;
    private final int port;
    private final Path log;

    /**
     * How to start the server.
     *
     * @param classPath the server's jars
     * @param port the port, or 0 for a free one
     * @param directory where its log and scratch files go
     * @param master the Spark master, such as {@code local[2]}
     * @param memory the JVM's heap, such as {@code 2g}
     * @param conf more of Spark's settings, such as {@code spark.executor.memory} for a cluster's executors
     */
    public record Settings(
            List<Path> classPath, int port, Path directory, String master, String memory, Map<String, String> conf) {
        public Settings {
            classPath = List.copyOf(classPath);
            conf = Map.copyOf(conf);
            requireNonNull(directory, "directory is null");
            requireNonNull(master, "master is null");
            requireNonNull(memory, "memory is null");
            if (classPath.isEmpty()) {
                throw new IllegalArgumentException("the Spark Connect server has no jars");
            }
        }

        /**
         * How to start a server with Spark's defaults for everything else.
         *
         * @param classPath the server's jars
         * @param port the port, or 0 for a free one
         * @param directory where its log and scratch files go
         * @param master the Spark master, such as {@code local[2]}
         * @param memory the JVM's heap, such as {@code 2g}
         */
        public Settings(List<Path> classPath, int port, Path directory, String master, String memory) {
            this(classPath, port, directory, master, memory, Map.of());
        }
    }

    private LocalSparkServer(Process process, int port, Path log) {
        this.process = process;
        this.port = port;
        this.log = log;
    }

    /**
     * Starts a server and waits until it takes connections.
     *
     * @param settings how to start it
     * @param startTimeout how long it may take
     * @return the running server
     * @throws IOException when it cannot be started or did not come up in time
     */
    public static LocalSparkServer start(Settings settings, Duration startTimeout) throws IOException {
        Path directory = settings.directory().toAbsolutePath();
        Path tmp = Files.createDirectories(directory.resolve("tmp"));
        Path scratch = Files.createDirectories(directory.resolve("local"));
        Path log = directory.resolve("spark-connect.log");
        int port = settings.port() == 0 ? SparkJvm.freePort() : settings.port();
        Map<String, String> properties = new LinkedHashMap<>();
        properties.put("spark.master", settings.master());
        properties.put("spark.app.name", "tablequery-local");
        properties.put("spark.connect.grpc.binding.address", "127.0.0.1");
        properties.put("spark.connect.grpc.binding.port", String.valueOf(port));
        properties.put("spark.driver.host", "127.0.0.1");
        properties.put("spark.driver.bindAddress", "127.0.0.1");
        properties.put("spark.ui.enabled", "false");
        properties.put("spark.local.dir", scratch.toString());
        properties.put(
                "spark.sql.warehouse.dir",
                directory.resolve("warehouse").toUri().toString());
        properties.put("spark.sql.shuffle.partitions", "4");
        properties.putAll(settings.conf());
        List<String> command =
                SparkJvm.command(settings.classPath(), settings.memory(), tmp, properties, MAIN, List.of());
        Process process = new ProcessBuilder(command)
                .directory(directory.toFile())
                .redirectErrorStream(true)
                .redirectOutput(log.toFile())
                .start();
        LocalSparkServer server = new LocalSparkServer(process, port, log);
        long deadline = System.nanoTime() + startTimeout.toNanos();
        while (System.nanoTime() < deadline) {
            if (!process.isAlive()) {
                throw new IOException("the Spark Connect server stopped at start:\n" + SparkJvm.logTail(log));
            }
            if (SparkJvm.accepts(port)) {
                return server;
            }
            try {
                Thread.sleep(200);
            } catch (InterruptedException e) {
                server.close();
                Thread.currentThread().interrupt();
                throw new IOException("interrupted while the Spark Connect server started", e);
            }
        }
        server.close();
        throw new IOException("the Spark Connect server did not take connections within %d s:\n%s"
                .formatted(startTimeout.toSeconds(), SparkJvm.logTail(log)));
    }

    /**
     * Reads a class path file as the build writes it (paths joined by the path separator).
     *
     * @param file the file
     * @return the jars
     * @throws IOException when it cannot be read
     */
    public static List<Path> classPathFile(Path file) throws IOException {
        List<Path> jars = new ArrayList<>();
        for (String entry :
                Files.readString(file, StandardCharsets.UTF_8).strip().split(java.io.File.pathSeparator)) {
            if (!entry.isBlank()) {
                jars.add(Path.of(entry.strip()));
            }
        }
        return jars;
    }

    /**
     * Lists the jars of a directory, such as a Spark distribution's {@code jars/}.
     *
     * @param directory the directory
     * @return its jars
     * @throws IOException when it cannot be listed
     */
    public static List<Path> jarsIn(Path directory) throws IOException {
        List<Path> jars = new ArrayList<>();
        try (DirectoryStream<Path> stream = Files.newDirectoryStream(directory, "*.jar")) {
            stream.forEach(jars::add);
        }
        jars.sort(null);
        return jars;
    }

    /**
     * Returns the address a client connects to.
     *
     * @return {@code sc://127.0.0.1:PORT}
     */
    public String address() {
        return "sc://127.0.0.1:" + port;
    }

    /**
     * Tells whether the server's JVM still runs.
     *
     * @return true while it runs
     */
    public boolean alive() {
        return process.isAlive();
    }

    /**
     * Waits until the server's JVM ends.
     *
     * @return its exit code
     * @throws InterruptedException when the wait is interrupted
     */
    public int waitFor() throws InterruptedException {
        return process.waitFor();
    }

    /** Stops the server: politely first, then by force. */
    @Override
    public void close() {
        process.descendants().forEach(ProcessHandle::destroy);
        process.destroy();
        try {
            if (!process.waitFor(20, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
    }
}
