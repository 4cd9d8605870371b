package io.tablequery.server.docs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import java.io.IOException;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The README and the manual as a new user follows them: every {@code bash} block of the README and then of the
 * manual's pages in the order of its index ({@link Manual}), in a fresh copy of the checkout (its
 * tracked files and the jar this build made, nothing else), each command's exit code and a line of its output checked
 * as the HTML comment before the block says ({@link ReadmeBlocks}). A server block runs in the background, as the
 * README tells its reader to leave it running, and is stopped at the end.
 */
class ReadmeIT {
    private static final Path REPOSITORY = Path.of("").toAbsolutePath().getParent();
    private static final Duration COMMAND_LIMIT = Duration.ofMinutes(3);

    @TempDir
    Path dir;

    @Test
    void everyCommandOfTheReadmeRunsAsWrittenInItsOrder() throws Exception {
        try (ServerSocket port = new ServerSocket(8080)) {
            assertThat(port.isBound()).as("the README's commands use port 8080").isTrue();
        } catch (IOException e) {
            fail("port 8080 is taken on this machine; the README's commands use it: " + e.getMessage());
        }
        Path checkout = FreshCheckout.withBuiltJar(REPOSITORY, dir.resolve("checkout"));
        List<ReadmeBlocks.Block> blocks = Manual.blocks(REPOSITORY);
        assertThat(blocks).hasSizeGreaterThan(4);
        List<Process> background = new ArrayList<>();
        try {
            int number = 0;
            for (ReadmeBlocks.Block block : blocks) {
                number++;
                switch (block.kind()) {
                    case SKIP -> {}
                    case BACKGROUND -> background.add(startInBackground(checkout, block, number));
                    case EXPECT -> {
                        for (int i = 0; i < block.commands().size(); i++) {
                            run(
                                    checkout,
                                    block.commands().get(i),
                                    block.expectations().get(i));
                        }
                    }
                }
            }
        } finally {
            for (Process process : background) {
                process.destroy();
                if (!process.waitFor(30, TimeUnit.SECONDS)) {
                    process.destroyForcibly();
                }
            }
        }
    }

    private void run(Path checkout, String command, String expected) throws IOException, InterruptedException {
        Path output = Files.createTempFile(dir, "command", ".out");
        Process process = new ProcessBuilder("bash", "-c", command)
                .directory(checkout.toFile())
                .redirectInput(ProcessBuilder.Redirect.from(Path.of("/dev/null").toFile()))
                .redirectErrorStream(true)
                .redirectOutput(output.toFile())
                .start();
        boolean ended = process.waitFor(COMMAND_LIMIT.toSeconds(), TimeUnit.SECONDS);
        if (!ended) {
            process.destroyForcibly();
        }
        String printed = Files.readString(output, StandardCharsets.UTF_8);
        assertThat(ended)
                .as("%s ended within %s:%n%s", command, COMMAND_LIMIT, printed)
                .isTrue();
        assertThat(process.exitValue()).as("%s exits 0:%n%s", command, printed).isZero();
        assertThat(printed).as("%s prints a line with %s", command, expected).contains(expected);
    }

    private Process startInBackground(Path checkout, ReadmeBlocks.Block block, int number)
            throws IOException, InterruptedException {
        Path output = dir.resolve("background-" + number + ".out");
        Process process = new ProcessBuilder("bash", "-c", "exec " + String.join("\n", block.commands()))
                .directory(checkout.toFile())
                .redirectInput(ProcessBuilder.Redirect.from(Path.of("/dev/null").toFile()))
                .redirectErrorStream(true)
                .redirectOutput(output.toFile())
                .start();
        long deadline = System.nanoTime() + COMMAND_LIMIT.toNanos();
        while (System.nanoTime() < deadline && process.isAlive()) {
            if (Files.readString(output, StandardCharsets.UTF_8)
                    .contains(block.expectations().get(0))) {
                return process;
            }
            Thread.sleep(200);
        }
        process.destroyForcibly();
        return fail(
                "%s did not print %s:%n%s",
                block.commands(), block.expectations().get(0), Files.readString(output));
    }
}
