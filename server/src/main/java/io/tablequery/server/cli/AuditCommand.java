package io.tablequery.server.cli;

import com.fasterxml.jackson.databind.JsonNode;
import io.tablequery.engine.json.JsonCodec;
import io.tablequery.server.audit.AuditFiles;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code tq audit}: the audit lines a server wrote for a workspace (or, with {@code --server}, for calls that named no
 * served workspace), oldest first, as they are stored: one JSON object per line. It reads the files only, so it runs
 * while the server holds the workspace.
 */
@Command(
        name = "audit",
        description =
                "Print the audit log a server keeps of a workspace's calls: one JSON line per call, oldest first.")
final class AuditCommand implements Callable<Integer> {
    @Spec
    CommandLine.Model.CommandSpec spec;

    @Mixin
    WorkspaceOption workspace;

    @Option(
            names = "--since",
            paramLabel = "TIME",
            description = "Only calls from this time on: an ISO instant (2026-12-06T01:00:00Z) or a duration back from"
                    + " now (90s, 15m, 2h, 7d).")
    String since;

    @Option(
            names = "--server",
            paramLabel = "ROOT",
            description = "Read the lines of calls that named no served workspace (admin routes, unknown names) of the"
                    + " server over this data root, in place of a workspace's.")
    Path server;

    @Override
    public Integer call() throws IOException {
        Instant from = from(since, Instant.now());
        Path directory = server != null
                ? server.resolve(AuditFiles.SERVER_DIRECTORY)
                : workspace.directory.resolve(AuditFiles.DIRECTORY);
        List<Path> files = AuditFiles.list(directory);
        PrintWriter out = spec.commandLine().getOut();
        if (files.isEmpty()) {
            spec.commandLine()
                    .getErr()
                    .printf("no audit lines in %s: a server writes them there as it answers calls%n", directory);
            return 0;
        }
        for (Path file : files) {
            try (BufferedReader lines = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
                for (String line = lines.readLine(); line != null; line = lines.readLine()) {
                    if (from == null || !time(line).isBefore(from)) {
                        out.println(line);
                    }
                }
            }
        }
        out.flush();
        return 0;
    }

    /** The instant {@code --since} names, or null without it. */
    private Instant from(String given, Instant now) {
        if (given == null) {
            return null;
        }
        String text = given.strip();
        try {
            return Instant.parse(text);
        } catch (DateTimeParseException e) {
            // A duration back from now, below.
        }
        if (text.matches("\\d+[smhd]")) {
            long amount = Long.parseLong(text.substring(0, text.length() - 1));
            Duration back =
                    switch (text.charAt(text.length() - 1)) {
                        case 's' -> Duration.ofSeconds(amount);
                        case 'm' -> Duration.ofMinutes(amount);
                        case 'h' -> Duration.ofHours(amount);
                        default -> Duration.ofDays(amount);
                    };
            return now.minus(back);
        }
        throw new CommandLine.ParameterException(
                spec.commandLine(),
                "--since takes an ISO instant such as 2026-12-06T01:00:00Z or a duration such as 15m, 2h or 7d, not '"
                        + given + "'");
    }

    /** The time of a line; a line that is not an audit line (a torn last line after a crash) counts as the newest. */
    private static Instant time(String line) {
        try {
            JsonNode node = JsonCodec.mapper().readTree(line);
            return Instant.parse(node.path("time").asText());
        } catch (IOException | DateTimeParseException e) {
            return Instant.MAX;
        }
    }
}
