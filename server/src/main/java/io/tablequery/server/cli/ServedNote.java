package io.tablequery.server.cli;

import static java.util.Objects.requireNonNull;

import io.tablequery.engine.json.JsonCodec;
import io.tablequery.engine.workspace.Workspace;
import io.tablequery.server.http.WorkspaceRegistry;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Instant;
import java.util.Optional;

/**
 * A running {@code tq serve}'s note in the directory it serves: the data root, for the workspaces under it, or the one
 * workspace directory it serves. The server opens a workspace at its first request, so a workspace it serves is often
 * not open, and then its directory holds no lock that names the server; this note does, so that a command on such a
 * workspace still goes through the server instead of taking the directory from it.
 *
 * @param pid the serving process
 * @param since when it started serving
 * @param server its base URL, as a client on this machine reaches it
 * @param children true when it serves the directories under the noted one, false when it serves the noted one
 * @param resident true for a resident server that a command started ({@link ResidentServer}), false for {@code tq
 *     serve}
 * @param idleExitSeconds how long the server stays without a request before it stops, 0 when it does not stop
 * @param commandToken the secret a launcher sends with a command line for the server to run ({@link CommandRoute}),
 *     or null when the server runs none; the note is readable by its owner alone
 */
record ServedNote(
        long pid,
        Instant since,
        URI server,
        boolean children,
        boolean resident,
        long idleExitSeconds,
        String commandToken) {
    /** The note's file name. */
    static final String FILE = ".tq-served.json";

    ServedNote {
        requireNonNull(since, "since is null");
        requireNonNull(server, "server is null");
    }

    /**
     * Writes this process's note into a directory it serves, replacing an earlier one whole.
     *
     * @param directory the data root or the workspace directory
     * @param server the server's base URL
     * @param children whether the workspaces are the directory's children
     * @param resident whether a command started the server
     * @param idleExitSeconds how long the server stays without a request, 0 for ever
     * @param commandToken the secret for command lines the server runs, or null
     */
    static void write(
            Path directory, URI server, boolean children, boolean resident, long idleExitSeconds, String commandToken) {
        ServedNote note = new ServedNote(
                ProcessHandle.current().pid(),
                Instant.now(),
                server,
                children,
                resident,
                idleExitSeconds,
                commandToken);
        Path partial = directory.resolve(FILE + "." + note.pid());
        try {
            Files.deleteIfExists(partial);
            ownerOnly(partial);
            Files.writeString(partial, JsonCodec.write(note), StandardCharsets.UTF_8);
            try {
                Files.move(
                        partial,
                        directory.resolve(FILE),
                        StandardCopyOption.ATOMIC_MOVE,
                        StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(partial, directory.resolve(FILE), StandardCopyOption.REPLACE_EXISTING);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("could not write the server's note in " + directory, e);
        }
    }

    /**
     * The note of the running server that wrote it in a directory, other than this process.
     *
     * @param directory the data root or the workspace directory
     * @return the note, or empty when there is none or its writer is gone
     */
    static Optional<ServedNote> holder(Path directory) {
        return read(directory)
                .filter(note -> note.pid() != ProcessHandle.current().pid())
                .filter(ServedNote::alive);
    }

    /** Makes an empty file that only its owner may read, where the file system has POSIX permissions. */
    private static void ownerOnly(Path file) throws IOException {
        if (file.getFileSystem().supportedFileAttributeViews().contains("posix")) {
            Files.createFile(file, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
        }
    }

    /**
     * Removes this process's note from a directory, leaving another server's.
     *
     * @param directory where it was written
     */
    static void remove(Path directory) {
        read(directory)
                .filter(note -> note.pid() == ProcessHandle.current().pid())
                .ifPresent(note -> {
                    try {
                        Files.deleteIfExists(directory.resolve(FILE));
                    } catch (IOException e) {
                        // A note left behind names a process that is gone, and is ignored.
                    }
                });
    }

    /**
     * Finds the running server that serves a workspace directory by a note: in the directory itself, or in its parent
     * for a server of a data root.
     *
     * @param workspace the workspace directory, absolute and normalized
     * @return the workspace on that server, or empty when no running server's note names it
     */
    static Optional<RemoteWorkspace> serverFor(Path workspace) {
        return noteFor(workspace)
                .map(note -> new RemoteWorkspace(
                        note.server(), workspace.getFileName().toString()));
    }

    /**
     * The workspace on this process's own server, when this process is the running server whose note names it.
     *
     * @param workspace the workspace directory, absolute and normalized
     * @return the workspace on this server, or empty when another server or none serves it
     */
    static Optional<RemoteWorkspace> servedHere(Path workspace) {
        return noteFor(workspace)
                .filter(note -> note.pid() == ProcessHandle.current().pid())
                .map(note -> new RemoteWorkspace(
                        note.server(), workspace.getFileName().toString()));
    }

    private static Optional<ServedNote> noteFor(Path workspace) {
        Path name = workspace.getFileName();
        if (name == null
                || !WorkspaceRegistry.VALID_NAME.matcher(name.toString()).matches()
                || !Workspace.exists(workspace)) {
            // A server serves only workspaces that exist; a new one is made here, and the server finds it later.
            return Optional.empty();
        }
        Optional<ServedNote> own = read(workspace).filter(note -> !note.children());
        Optional<ServedNote> root = workspace.getParent() == null
                ? Optional.empty()
                : read(workspace.getParent()).filter(ServedNote::children);
        return own.or(() -> root).filter(ServedNote::alive);
    }

    /**
     * Whether the process that wrote the note still runs.
     *
     * @return true while it runs
     */
    boolean alive() {
        return ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false);
    }

    /**
     * The note in a directory, whether its writer runs or not.
     *
     * @param directory the data root or the workspace directory
     * @return the note, or empty when there is none or it cannot be read
     */
    static Optional<ServedNote> read(Path directory) {
        try {
            String json = Files.readString(directory.resolve(FILE), StandardCharsets.UTF_8);
            return Optional.of(JsonCodec.read(json, ServedNote.class));
        } catch (IOException | UncheckedIOException | IllegalArgumentException e) {
            return Optional.empty();
        }
    }
}
