package io.tablequery.spark.local;

import static java.util.Objects.requireNonNull;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Spark's own {@code SparkConnectServer} in a child JVM on a loopback port, with {@code spark.master=local[N]}: what
 * {@code tq spark local} starts, and what the Spark engine's tests run against. Its temporary and scratch files stay
 * in a directory of its own; closing stops the JVM.
 */
public final class LocalSparkServer implements AutoCloseable {
    private static final String MAIN = "org.apache.spark.sql.connect.service.SparkConnectServer";

    /** The module openings Spark needs on Java 17 (Spark's own launcher adds the same). */
    private static final List<String> OPENS = List.of(
            "java.base/java.lang",
            "java.base/java.lang.invoke",
            "java.base/java.lang.reflect",
            "java.base/java.io",
            "java.base/java.net",
            "java.base/java.nio",
            "java.base/java.util",
            "java.base/java.util.concurrent",
            "java.base/java.util.concurrent.atomic",
            "java.base/jdk.internal.ref",
            "java.base/sun.nio.ch",
            "java.base/sun.nio.cs",
            "java.base/sun.security.action",
            "java.base/sun.util.calendar");

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
     */
    public record Settings(List<Path> classPath, int port, Path directory, String master, String memory) {
        public Settings {
            classPath = List.copyOf(classPath);
            requireNonNull(directory, "directory is null");
            requireNonNull(master, "master is null");
            requireNonNull(memory, "memory is null");
            if (classPath.isEmpty()) {
                throw new IllegalArgumentException("the Spark Connect server has no jars");
            }
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
        int port = settings.port() == 0 ? freePort() : settings.port();
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.add("-Xmx" + settings.memory());
        OPENS.forEach(open -> command.add("--add-opens=" + open + "=ALL-UNNAMED"));
        command.add("-Djdk.reflect.useDirectMethodHandle=false");
        command.add("-Dio.netty.tryReflectionSetAccessible=true");
        command.add("-Djava.io.tmpdir=" + tmp);
        command.add("-Dspark.master=" + settings.master());
        command.add("-Dspark.app.name=tablequery-local");
        command.add("-Dspark.connect.grpc.binding.address=127.0.0.1");
        command.add("-Dspark.connect.grpc.binding.port=" + port);
        command.add("-Dspark.driver.host=127.0.0.1");
        command.add("-Dspark.driver.bindAddress=127.0.0.1");
        command.add("-Dspark.ui.enabled=false");
        command.add("-Dspark.local.dir=" + scratch);
        command.add(
                "-Dspark.sql.warehouse.dir=" + directory.resolve("warehouse").toUri());
        command.add("-Dspark.sql.shuffle.partitions=4");
        command.add("-cp");
        command.add(String.join(
                java.io.File.pathSeparator,
                settings.classPath().stream().map(Path::toString).toList()));
        command.add(MAIN);
        Process process = new ProcessBuilder(command)
                .directory(directory.toFile())
                .redirectErrorStream(true)
                .redirectOutput(log.toFile())
                .start();
        LocalSparkServer server = new LocalSparkServer(process, port, log);
        long deadline = System.nanoTime() + startTimeout.toNanos();
        while (System.nanoTime() < deadline) {
            if (!process.isAlive()) {
                throw new IOException("the Spark Connect server stopped at start:\n" + server.logTail());
            }
            if (accepts(port)) {
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
                .formatted(startTimeout.toSeconds(), server.logTail()));
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

    private String logTail() {
        try {
            List<String> lines = Files.readAllLines(log, StandardCharsets.UTF_8);
            return String.join("\n", lines.subList(Math.max(0, lines.size() - 30), lines.size()));
        } catch (IOException | UncheckedIOException e) {
            return "(no log: " + e.getMessage() + ")";
        }
    }

    private static boolean accepts(int port) {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress("127.0.0.1", port), 500);
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }
}
