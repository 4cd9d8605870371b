package io.tablequery.spark.local;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * A Spark standalone cluster on this machine: a master and workers, each a JVM of its own on the loopback, started
 * from the same jars as the Spark Connect server; a Connect server given its {@link #masterUrl()} runs its jobs on
 * the workers' executors, each a JVM a worker starts. Spark's workers build an executor's class path from {@code
 * SPARK_HOME/jars}, so the cluster's directory holds a {@code spark-home/jars} of links to the jars. Closing stops the
 * workers (and their executors), then the master.
 */
public final class LocalSparkCluster implements AutoCloseable {
    private static final String MASTER = "org.apache.spark.deploy.master.Master";
    private static final String WORKER = "org.apache.spark.deploy.worker.Worker";

    private final List<Process> processes = new ArrayList<>();
    private final List<Path> workDirectories = new ArrayList<>();
    private final Path masterLog;
    private String masterUrl;

    /**
     * How to start a cluster.
     *
     * @param classPath Spark's jars
     * @param directory where the logs, the workers' directories and {@code spark-home} go
     * @param workers how many workers
     * @param cores the cores each worker offers
     * @param memory the memory each worker offers its executor, such as {@code 1g}
     */
    public record Settings(List<Path> classPath, Path directory, int workers, int cores, String memory) {
        public Settings {
            classPath = List.copyOf(classPath);
            if (workers < 1 || cores < 1) {
                throw new IllegalArgumentException("a cluster needs a worker and a core");
            }
        }
    }

    private LocalSparkCluster(Path masterLog) {
        this.masterLog = masterLog;
    }

    /**
     * Starts a master and its workers and waits until every worker has registered with the master.
     *
     * @param settings how to start it
     * @param startTimeout how long it may take
     * @return the running cluster
     * @throws IOException when it cannot be started or did not come up in time
     */
    public static LocalSparkCluster start(Settings settings, Duration startTimeout) throws IOException {
        Path directory = Files.createDirectories(settings.directory().toAbsolutePath());
        Path home = sparkHome(directory.resolve("spark-home"), settings.classPath());
        Path tmp = Files.createDirectories(directory.resolve("tmp"));
        LocalSparkCluster cluster = new LocalSparkCluster(directory.resolve("master.log"));
        long deadline = System.nanoTime() + startTimeout.toNanos();
        try {
            int port = SparkJvm.freePort();
            cluster.start(
                    SparkJvm.command(
                            settings.classPath(),
                            "512m",
                            tmp,
                            Map.of("spark.master.rest.enabled", "false"),
                            MASTER,
                            List.of("--host", "127.0.0.1", "--port", String.valueOf(port), "--webui-port", "0")),
                    home,
                    directory,
                    cluster.masterLog);
            cluster.masterUrl = "spark://127.0.0.1:" + port;
            cluster.await(deadline, startTimeout, "the master", () -> SparkJvm.accepts(port));
            for (int i = 1; i <= settings.workers(); i++) {
                Path work = Files.createDirectories(directory.resolve("worker-" + i));
                cluster.workDirectories.add(work);
                cluster.start(
                        SparkJvm.command(
                                settings.classPath(),
                                "256m",
                                tmp,
                                Map.of(),
                                WORKER,
                                List.of(
                                        "--host",
                                        "127.0.0.1",
                                        "--cores",
                                        String.valueOf(settings.cores()),
                                        "--memory",
                                        settings.memory(),
                                        "--webui-port",
                                        "0",
                                        "--work-dir",
                                        work.toString(),
                                        cluster.masterUrl)),
                        home,
                        directory,
                        directory.resolve("worker-" + i + ".log"));
            }
            cluster.await(
                    deadline,
                    startTimeout,
                    settings.workers() + " workers",
                    () -> cluster.registeredWorkers() >= settings.workers());
            return cluster;
        } catch (IOException | RuntimeException e) {
            cluster.close();
            throw e;
        }
    }

    /**
     * Returns the master's address, for {@code spark.master}.
     *
     * @return {@code spark://127.0.0.1:PORT}
     */
    public String masterUrl() {
        return masterUrl;
    }

    /**
     * Returns the workers' directories, where each keeps its executors' logs ({@code app-*}/{@code N}/{@code stderr}).
     *
     * @return one per worker
     */
    public List<Path> workDirectories() {
        return List.copyOf(workDirectories);
    }

    /**
     * Tells whether every JVM of the cluster still runs.
     *
     * @return true while they all run
     */
    public boolean alive() {
        return processes.stream().allMatch(Process::isAlive);
    }

    /** Stops the workers and their executors, then the master. */
    @Override
    public void close() {
        for (int i = processes.size() - 1; i >= 0; i--) {
            Process process = processes.get(i);
            process.descendants().forEach(ProcessHandle::destroy);
            process.destroy();
        }
        for (Process process : processes) {
            try {
                if (!process.waitFor(20, TimeUnit.SECONDS)) {
                    process.descendants().forEach(ProcessHandle::destroyForcibly);
                    process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
                }
            } catch (InterruptedException e) {
                process.destroyForcibly();
                Thread.currentThread().interrupt();
            }
        }
    }

    private void start(List<String> command, Path home, Path directory, Path log) throws IOException {
        ProcessBuilder builder = new ProcessBuilder(command)
                .directory(directory.toFile())
                .redirectErrorStream(true)
                .redirectOutput(log.toFile());
        builder.environment().put("SPARK_HOME", home.toString());
        // Spark's launcher asks for the Scala version of a build tree, which a SPARK_HOME of jars alone is not.
        builder.environment().put("SPARK_SCALA_VERSION", "2.13");
        // Binds the web UIs and the executors to the loopback, as everything else here.
        builder.environment().put("SPARK_LOCAL_IP", "127.0.0.1");
        processes.add(builder.start());
    }

    private interface Ready {
        boolean ready() throws IOException;
    }

    private void await(long deadline, Duration timeout, String what, Ready ready) throws IOException {
        while (System.nanoTime() < deadline) {
            if (!alive()) {
                throw new IOException(
                        "the Spark cluster stopped while %s started:\n%s".formatted(what, SparkJvm.logTail(masterLog)));
            }
            if (ready.ready()) {
                return;
            }
            try {
                Thread.sleep(200);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IOException("interrupted while the Spark cluster started", e);
            }
        }
        throw new IOException("%s of the Spark cluster did not start within %d s:\n%s"
                .formatted(what, timeout.toSeconds(), SparkJvm.logTail(masterLog)));
    }

    /** Counts the workers the master's log says registered. */
    private long registeredWorkers() throws IOException {
        if (!Files.exists(masterLog)) {
            return 0;
        }
        try (Stream<String> lines = Files.lines(masterLog, StandardCharsets.UTF_8)) {
            return lines.filter(line -> line.contains("Registering worker")).count();
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }
    }

    /** Makes {@code home/jars} hold a link to each jar, under a name of its own, and nothing else. */
    private static Path sparkHome(Path home, List<Path> classPath) throws IOException {
        Path jars = home.resolve("jars");
        if (Files.isDirectory(jars)) {
            try (Stream<Path> old = Files.list(jars)) {
                for (Path link : old.toList()) {
                    Files.delete(link);
                }
            }
        }
        Files.createDirectories(jars);
        Set<String> names = new HashSet<>();
        for (Path jar : classPath) {
            String name = jar.getFileName().toString();
            for (int n = 2; !names.add(name); n++) {
                name = n + "-" + jar.getFileName();
            }
            Files.createSymbolicLink(jars.resolve(name), jar.toAbsolutePath());
        }
        return home;
    }
}
