package io.tablequery.server.docs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import java.io.IOException;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The README as a new user follows it: every {@code bash} block, in order, in a fresh copy of the checkout (its
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
        Path checkout = freshCheckout();
        List<ReadmeBlocks.Block> blocks =
                ReadmeBlocks.parse(Files.readString(REPOSITORY.resolve("README.md"), StandardCharsets.UTF_8));
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

    /** The repository's tracked files, as a clone has them, and the jar this build made, so nothing is rebuilt. */
    private Path freshCheckout() throws IOException, InterruptedException {
        Path checkout = dir.resolve("checkout");
        for (String file : trackedFiles()) {
            Path target = checkout.resolve(file);
            Files.createDirectories(target.getParent());
            Files.copy(REPOSITORY.resolve(file), target, StandardCopyOption.COPY_ATTRIBUTES);
        }
        Path built = REPOSITORY.resolve("server").resolve("target");
        Path target = Files.createDirectories(checkout.resolve("server").resolve("target"));
        // Newer than the sources (copied with their own times), not in the future: the launcher makes its class-data
        // archive again whenever the jar is newer than it.
        FileTime newer = FileTime.from(Instant.now());
        try (Stream<Path> files = Files.list(built)) {
            for (Path file : files.filter(Files::isRegularFile).toList()) {
                String name = file.getFileName().toString();
                if (name.equals("tq.jar") || name.startsWith("libduckdb_java.so_")) {
                    Files.copy(file, target.resolve(name));
                    Files.setLastModifiedTime(target.resolve(name), newer);
                }
            }
        }
        assertThat(target.resolve("tq.jar"))
                .as("the build made the jar before this test")
                .exists();
        return checkout;
    }

    private static List<String> trackedFiles() throws IOException, InterruptedException {
        if (Files.isDirectory(REPOSITORY.resolve(".git"))) {
            Process git = new ProcessBuilder("git", "-C", REPOSITORY.toString(), "ls-files", "-z")
                    .redirectErrorStream(true)
                    .start();
            String listed = new String(git.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (git.waitFor() == 0) {
                return Stream.of(listed.split("\0"))
                        .filter(name -> !name.isEmpty())
                        .filter(name -> Files.isRegularFile(REPOSITORY.resolve(name)))
                        .toList();
            }
        }
        try (Stream<Path> walk = Files.walk(REPOSITORY)) {
            return walk.filter(Files::isRegularFile)
                    .map(path -> REPOSITORY.relativize(path).toString())
                    .filter(name -> !name.startsWith(".git/")
                            && !name.contains("/target/")
                            && !name.startsWith("data/")
                            && !name.startsWith("exports/"))
                    .toList();
        }
    }
}
