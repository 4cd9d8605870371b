package io.tablequery.server.audit;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The files of one audit directory: each named by the time its first line was written ({@code
 * 20261206T015501.123Z.jsonl}), so their names sort in time order, the newest is the one being written, and a file's
 * age is in its name.
 */
public final class AuditFiles {
    /** The directory of a workspace's audit log, inside its own directory. */
    public static final String DIRECTORY = "audit";
    /** The directory, in a data root, of the lines of calls that name no served workspace. */
    public static final String SERVER_DIRECTORY = ".tq-audit";

    private static final DateTimeFormatter NAME =
            DateTimeFormatter.ofPattern("yyyyMMdd'T'HHmmss.SSS'Z'").withZone(ZoneOffset.UTC);
    private static final Pattern FILE = Pattern.compile("\\d{8}T\\d{6}\\.\\d{3}Z(-\\d+)?\\.jsonl");

    private AuditFiles() {}

    /**
     * Where a server's lines go: a served workspace's in its own {@link #DIRECTORY}, the others in the server's.
     *
     * @param server the audit directory of calls that name no served workspace
     * @param workspaces the directory of a served workspace by name, empty for a name not served
     * @return the audit directory of a workspace by name, or of the server for null
     */
    public static Function<String, Optional<Path>> directories(
            Path server, Function<String, Optional<Path>> workspaces) {
        return name -> name == null
                ? Optional.of(server)
                : workspaces.apply(name).map(directory -> directory.resolve(DIRECTORY));
    }

    /**
     * Lists a directory's audit files, oldest first.
     *
     * @param directory the audit directory
     * @return the files; none when the directory is not there
     */
    public static List<Path> list(Path directory) {
        if (!Files.isDirectory(directory)) {
            return List.of();
        }
        try (Stream<Path> files = Files.list(directory)) {
            return files.filter(
                            file -> FILE.matcher(file.getFileName().toString()).matches())
                    .sorted()
                    .toList();
        } catch (IOException e) {
            throw new UncheckedIOException("could not list the audit files in " + directory, e);
        }
    }

    /**
     * Names a new file started at a time, one that is not there yet.
     *
     * @param directory the audit directory
     * @param start when its first line is written
     * @return the file's path
     */
    static Path newFile(Path directory, Instant start) {
        String stem = NAME.format(start);
        Path file = directory.resolve(stem + ".jsonl");
        for (int i = 1; Files.exists(file); i++) {
            file = directory.resolve(stem + "-" + i + ".jsonl");
        }
        return file;
    }

    /**
     * Reads when a file was started, from its name.
     *
     * @param file an audit file
     * @return the time its first line was written
     */
    static Instant started(Path file) {
        return Instant.from(NAME.parse(file.getFileName().toString().substring(0, 20)));
    }
}
