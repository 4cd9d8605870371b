package io.tablequery.server.cli;

import static org.assertj.core.api.Assertions.assertThat;

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
import java.util.Map;

/** Starts {@code tq serve --data} from the built jar, as a user does, for the tests that kill or pair servers. */
final class JarServers {
    private static final Path JAR = Path.of("target", "tq.jar");
    private static final HttpClient CLIENT =
            HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();

    private JarServers() {}

    /**
     * Starts a server over a data root and waits until {@code /health} answers.
     *
     * @param dir the test's directory: the server's temp directory and log go there, so a killed JVM's unpacked
     *     native libraries go with the test's directory
     * @param data the data root
     * @param port the port
     * @param options further options of {@code tq serve}
     * @return the running server
     * @throws Exception when it does not start within 60 s
     */
    static Process start(Path dir, Path data, int port, String... options) throws Exception {
        return start(dir, data, port, Map.of(), options);
    }

    /**
     * Starts a server over a data root with further environment variables and waits until {@code /health} answers.
     *
     * @param dir the test's directory
     * @param data the data root
     * @param port the port
     * @param environment variables set for the server, such as {@code TQ_ADMIN_KEY}
     * @param options further options of {@code tq serve}
     * @return the running server
     * @throws Exception when it does not start within 60 s
     */
    static Process start(Path dir, Path data, int port, Map<String, String> environment, String... options)
            throws Exception {
        List<String> command = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Djava.io.tmpdir=" + Files.createDirectories(dir.resolve("server-tmp-" + port)),
                "-jar",
                JAR.toAbsolutePath().toString(),
                "serve",
                "--data",
                data.toString(),
                "--port",
                Integer.toString(port)));
        command.addAll(List.of(options));
        Path log = dir.resolve("server-" + port + ".log");
        ProcessBuilder builder = new ProcessBuilder(command);
        builder.environment().putAll(environment);
        Process process = builder.redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .redirectError(log.toFile())
                .start();
        long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        while (System.nanoTime() < deadline) {
            try {
                HttpRequest health =
                        HttpRequest.newBuilder(base(port).resolve("/health")).build();
                if (CLIENT.send(health, HttpResponse.BodyHandlers.ofString()).statusCode() == 200) {
                    return process;
                }
            } catch (IOException e) {
                Thread.sleep(100);
            }
            assertThat(process.isAlive())
                    .as("the server runs: %s", Files.readString(log))
                    .isTrue();
        }
        process.destroyForcibly();
        throw new AssertionError("the server did not start within 60 s");
    }

    /**
     * Uploads a CSV file to a workspace of a server as a multipart form, as the page does.
     *
     * @param port the server's port
     * @param workspace the workspace
     * @param name the file's name
     * @param csv its content
     * @return the server's answer
     * @throws IOException when the request fails
     * @throws InterruptedException when interrupted
     */
    static HttpResponse<String> upload(int port, String workspace, String name, CharSequence csv)
            throws IOException, InterruptedException {
        String boundary = "tq-jar-servers-boundary";
        String body =
                "--%s\r\nContent-Disposition: form-data; name=\"file\"; filename=\"%s\"\r\n".formatted(boundary, name)
                        + "Content-Type: text/csv\r\n\r\n" + csv + "\r\n--" + boundary + "--\r\n";
        return CLIENT.send(
                HttpRequest.newBuilder(base(port).resolve("/v1/workspaces/" + workspace + "/files"))
                        .header("Content-Type", "multipart/form-data; boundary=" + boundary)
                        .POST(HttpRequest.BodyPublishers.ofString(body, StandardCharsets.UTF_8))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
    }

    /** The base URL of a server on this machine's loopback. */
    static URI base(int port) {
        return URI.create("http://127.0.0.1:" + port);
    }

    /** A port free right now. */
    static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }
}
