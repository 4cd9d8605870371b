package io.tablequery.spark;

import io.tablequery.engine.plugin.EnginePlugin;
import io.tablequery.spark.local.LocalSparkCluster;
import io.tablequery.spark.local.LocalSparkServer;
import java.io.IOException;
import java.io.PrintStream;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * The Spark engine as tablequery finds it: {@code --spark-connect sc://HOST:PORT --spark-data DIR} configure it, and
 * {@code tq spark local [--port N] [--jars DIR] [--master local[*]] [--memory 2g] [--dir DIR] [--workers N
 * [--worker-memory 1g]]} starts a Spark Connect server on this machine to try it with: on {@code local[*]}, on a
 * master given, or on a standalone cluster of its own (a master and N workers, each a JVM).
 */
public final class SparkPlugin implements EnginePlugin {
    private static final String USAGE = "usage: tq spark local [--port N] [--jars DIR] [--master local[*]]"
            + " [--memory 2g] [--dir DIR] [--workers N [--worker-memory 1g]]";

    /** The class path file the build writes beside {@code tq-spark.jar}: the Spark Connect server's jars. */
    public static final String SERVER_CLASS_PATH = "spark-server.classpath";

    @Override
    public String name() {
        return SparkEngine.ENGINE;
    }

    @Override
    public Configured configure(Map<String, String> options) {
        return new SparkEngine(SparkOptions.parse(options));
    }

    @Override
    public int command(List<String> args, PrintStream out, PrintStream err) {
        if (args.isEmpty() || !args.get(0).equals("local")) {
            err.println(USAGE);
            return 2;
        }
        int port = 15002;
        Path jars = null;
        String master = "local[*]";
        String memory = "2g";
        Path directory = Path.of(System.getProperty("java.io.tmpdir"), "tq-spark-local");
        int workers = 0;
        String workerMemory = "1g";
        boolean masterGiven = false;
        for (int i = 1; i < args.size(); i++) {
            String arg = args.get(i);
            if (i + 1 >= args.size()) {
                err.println("tq spark local: " + arg + " needs a value");
                return 2;
            }
            String value = args.get(++i);
            if ((arg.equals("--port") || arg.equals("--workers")) && number(value) < 0) {
                err.println("tq spark local: " + arg + " takes a whole number, not '" + value + "'");
                return 2;
            }
            switch (arg) {
                case "--port" -> port = number(value);
                case "--jars" -> jars = Path.of(value);
                case "--master" -> {
                    master = value;
                    masterGiven = true;
                }
                case "--workers" -> workers = number(value);
                case "--worker-memory" -> workerMemory = value;
                case "--memory" -> memory = value;
                case "--dir" -> directory = Path.of(value);
                default -> {
                    err.println("tq spark local: unknown option " + arg);
                    return 2;
                }
            }
        }
        if (workers > 0 && masterGiven) {
            err.println("tq spark local: --workers starts a cluster of its own, so it takes no --master; " + USAGE);
            return 2;
        }
        try {
            List<Path> classPath = jars != null ? LocalSparkServer.jarsIn(jars) : builtClassPath();
            if (classPath.isEmpty()) {
                err.println("tq spark local: no Spark jars; pass --jars with a Spark 4 distribution's jars directory");
                return 2;
            }
            LocalSparkCluster cluster = null;
            Map<String, String> conf = Map.of();
            if (workers > 0) {
                cluster = LocalSparkCluster.start(
                        new LocalSparkCluster.Settings(
                                classPath, directory.resolve("cluster"), workers, 1, workerMemory),
                        Duration.ofMinutes(3));
                master = cluster.masterUrl();
                conf = Map.of("spark.executor.memory", workerMemory, "spark.executor.cores", "1");
                out.println("Spark standalone master at " + master + " with " + workers + " workers (logs in "
                        + directory.resolve("cluster") + ")");
            }
            LocalSparkServer server;
            try {
                server = LocalSparkServer.start(
                        new LocalSparkServer.Settings(classPath, port, directory, master, memory, conf),
                        Duration.ofMinutes(3));
            } catch (IOException | RuntimeException e) {
                if (cluster != null) {
                    cluster.close();
                }
                throw e;
            }
            LocalSparkCluster started = cluster;
            Runtime.getRuntime()
                    .addShutdownHook(new Thread(
                            () -> {
                                server.close();
                                if (started != null) {
                                    started.close();
                                }
                            },
                            "tq-spark-local-stop"));
            out.println("Spark Connect server (" + master + ") at " + server.address());
            out.println("Run plans on it: tq serve --spark-connect " + server.address() + " --spark-data DIR ...");
            out.println("Stop it with Ctrl-C.");
            out.flush();
            return server.waitFor();
        } catch (IOException | RuntimeException e) {
            err.println("tq spark local: " + e.getMessage());
            return 1;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return 130;
        }
    }

    /** A whole number of 0 or more, or -1 when the text is not one. */
    private static int number(String text) {
        try {
            return Integer.parseInt(text);
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    /** The server's jars as the build resolved them, listed in a file beside this plugin's jar. */
    private static List<Path> builtClassPath() throws IOException {
        try {
            Path jar = Path.of(SparkPlugin.class
                    .getProtectionDomain()
                    .getCodeSource()
                    .getLocation()
                    .toURI());
            Path file = (Files.isDirectory(jar) ? jar.getParent() : jar.getParent()).resolve(SERVER_CLASS_PATH);
            if (!Files.isRegularFile(file)) {
                throw new IOException("no " + SERVER_CLASS_PATH + " beside the plugin (built by mvn package in spark/);"
                        + " pass --jars with a Spark 4 distribution's jars directory");
            }
            return LocalSparkServer.classPathFile(file);
        } catch (URISyntaxException e) {
            throw new IOException("cannot tell where the plugin's jar is: " + e.getMessage(), e);
        }
    }
}
