package io.tablequery.server.docs;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/** A {@code tq serve} started through a checkout's launcher, as a user starts one, returned once it wrote its note. */
final class LauncherServe {
    private LauncherServe() {}

    /**
     * Starts {@code tq serve} in the checkout and waits, up to two minutes, for the note that says where it listens.
     *
     * @param checkout the checkout whose {@code tq} runs, and the server's working directory
     * @param note the note the server writes ({@code .tq-served.json} of the root or workspace it serves)
     * @param log where its output goes, shown when it stops before writing the note
     * @param args the options after {@code serve}
     * @return the running server, for the caller to stop
     * @throws IOException when it cannot be started or its log read
     * @throws InterruptedException when interrupted while waiting
     */
    static Process start(Path checkout, Path note, Path log, String... args) throws IOException, InterruptedException {
        return start(checkout, note, log, Map.of(), args);
    }

    /**
     * Starts {@code tq serve} as {@link #start(Path, Path, Path, String...)} does, with more environment variables.
     *
     * @param checkout the checkout whose {@code tq} runs, and the server's working directory
     * @param note the note the server writes
     * @param log where its output goes
     * @param environment variables added to the server's environment, such as {@code TQ_ADMIN_KEY}
     * @param args the options after {@code serve}
     * @return the running server, for the caller to stop
     * @throws IOException when it cannot be started or its log read
     * @throws InterruptedException when interrupted while waiting
     */
    static Process start(Path checkout, Path note, Path log, Map<String, String> environment, String... args)
            throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(checkout.resolve("tq").toString(), "serve"));
        command.addAll(List.of(args));
        ProcessBuilder builder = new ProcessBuilder(command)
                .directory(checkout.toFile())
                .redirectErrorStream(true)
                .redirectOutput(log.toFile());
        builder.environment().putAll(environment);
        Process server = builder.start();
        long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(2);
        while (!Files.exists(note)) {
            assertThat(server.isAlive())
                    .as("tq serve %s runs: %s", command, Files.readString(log))
                    .isTrue();
            assertThat(System.nanoTime() - deadline)
                    .as("tq serve wrote its note")
                    .isNegative();
            Thread.sleep(100);
        }
        return server;
    }
}
