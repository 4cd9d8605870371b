package io.tablequery.server.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A second {@code tq serve} (the jar) on a directory a server holds refuses to start, naming the holder, and leaves
 * the holder's note for the command line in place; one on a port in use says so in one line. Servers meant to share a
 * root say so with {@code --shared-root} ({@link TwoServersIT} runs them).
 */
class OneServerPerRootIT {
    private static final Path JAR = Path.of("target", "tq.jar");

    @TempDir
    Path dir;

    @Test
    void aSecondServerOnAServedRootRefusesAndNamesTheFirst() throws Exception {
        Path data = dir.resolve("data");
        int port = JarServers.freePort();
        Process first = JarServers.start(dir, data, port);
        try {
            String note = Files.readString(data.resolve(ServedNote.FILE));
            for (List<String> options : List.of(List.<String>of(), List.of("--shared-root"))) {
                List<String> args = new ArrayList<>(List.of("serve", "--data", data.toString(), "--port", "0"));
                args.addAll(options);
                Ran second = run(args);
                assertThat(second.exit()).as("tq %s: %s", args, second.err()).isEqualTo(1);
                assertThat(second.err())
                        .startsWith("error [ROOT_SERVED]: ")
                        .contains("process " + first.pid() + " at " + JarServers.base(port))
                        .contains(options.isEmpty() ? "stop it first" : "restart it with --shared-root");
                assertThat(Files.readString(data.resolve(ServedNote.FILE)))
                        .as("the command line still finds the first server")
                        .isEqualTo(note);
            }
            Ran taken = run(List.of("serve", "--data", dir.resolve("other").toString(), "--port", "" + port));
            assertThat(taken.exit()).isEqualTo(1);
            assertThat(taken.err().strip())
                    .as("one line with its code and what to do")
                    .isEqualTo(("error [PORT_IN_USE]: port %d on 127.0.0.1 is in use by another process: pass --port"
                                    + " with another port, or --port 0 for any free one (the server prints the address"
                                    + " it listens on)")
                            .formatted(port));
        } finally {
            first.destroy();
            first.waitFor(60, TimeUnit.SECONDS);
        }
        assertThat(data.resolve(ServedNote.FILE))
                .as("the first server removes its note")
                .doesNotExist();
        Process next = JarServers.start(dir, data, port);
        try {
            assertThat(Files.readString(data.resolve(ServedNote.FILE))).contains(Long.toString(next.pid()));
        } finally {
            next.destroy();
            next.waitFor(60, TimeUnit.SECONDS);
        }
    }

    private record Ran(int exit, String err) {}

    private Ran run(List<String> args) throws Exception {
        Path tmp = Files.createDirectories(dir.resolve("tmp-" + System.nanoTime()));
        List<String> command = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Djava.io.tmpdir=" + tmp,
                "-jar",
                JAR.toAbsolutePath().toString()));
        command.addAll(args);
        Path err = tmp.resolve("err.txt");
        Process process = new ProcessBuilder(command)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .redirectError(err.toFile())
                .start();
        if (!process.waitFor(120, TimeUnit.SECONDS)) {
            process.destroyForcibly().waitFor();
            throw new AssertionError("tq " + args + " did not stop: " + Files.readString(err));
        }
        return new Ran(process.exitValue(), Files.readString(err));
    }
}
