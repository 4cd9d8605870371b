package io.tablequery.spark.local;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** The command line of a JVM running one of Spark's own programs from a list of jars, on Java 17. */
final class SparkJvm {
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

    private SparkJvm() {}

    /**
     * Builds the command.
     *
     * @param classPath the jars
     * @param memory the JVM's heap, such as {@code 2g}
     * @param tmp the JVM's temporary directory
     * @param properties system properties, such as Spark's settings
     * @param main the main class
     * @param args its arguments
     * @return the command
     */
    static List<String> command(
            List<Path> classPath,
            String memory,
            Path tmp,
            Map<String, String> properties,
            String main,
            List<String> args) {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.add("-Xmx" + memory);
        OPENS.forEach(open -> command.add("--add-opens=" + open + "=ALL-UNNAMED"));
        command.add("-Djdk.reflect.useDirectMethodHandle=false");
        command.add("-Dio.netty.tryReflectionSetAccessible=true");
        command.add("-Djava.io.tmpdir=" + tmp);
        properties.forEach((name, value) -> command.add("-D" + name + "=" + value));
        command.add("-cp");
        command.add(String.join(
                File.pathSeparator, classPath.stream().map(Path::toString).toList()));
        command.add(main);
        command.addAll(args);
        return command;
    }

    /** Whether something on this machine's loopback takes connections on a port. */
    static boolean accepts(int port) {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress("127.0.0.1", port), 500);
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    /** A port free on the loopback now. */
    static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }

    /** The last lines of a JVM's log, for an error that says why it did not start. */
    static String logTail(Path log) {
        try {
            List<String> lines = Files.readAllLines(log, StandardCharsets.UTF_8);
            return String.join("\n", lines.subList(Math.max(0, lines.size() - 30), lines.size()));
        } catch (IOException | UncheckedIOException e) {
            return "(no log: " + e.getMessage() + ")";
        }
    }
}
