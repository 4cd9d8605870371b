package io.tablequery.spark.testing;

import io.tablequery.spark.local.LocalSparkServer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Duration;

/**
 * The one Spark Connect server of a test run: a real {@code SparkConnectServer} in a child JVM with
 * {@code local[2]}, started at its first use from the class path the build resolved, stopped when the test JVM ends.
 * Its files stay in {@code target/spark-local}.
 */
public final class SparkServers {
    private static LocalSparkServer server;

    private SparkServers() {}

    /**
     * Returns the address of the running server, starting it first if needed.
     *
     * @return {@code sc://127.0.0.1:PORT}
     */
    public static synchronized String address() {
        if (server == null || !server.alive()) {
            String classPath = System.getProperty("tq.spark.serverClasspath");
            if (classPath == null) {
                throw new IllegalStateException("tq.spark.serverClasspath is not set; run the tests through Maven");
            }
            try {
                server = LocalSparkServer.start(
                        new LocalSparkServer.Settings(
                                LocalSparkServer.classPathFile(Path.of(classPath)),
                                0,
                                Path.of("target", "spark-local").toAbsolutePath(),
                                "local[2]",
                                "2g"),
                        Duration.ofMinutes(3));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            LocalSparkServer started = server;
            Runtime.getRuntime().addShutdownHook(new Thread(started::close, "spark-test-server-stop"));
        }
        return server.address();
    }
}
