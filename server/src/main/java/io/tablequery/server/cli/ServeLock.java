package io.tablequery.server.cli;

import io.tablequery.engine.error.EngineException;
import io.tablequery.server.api.ServerErrorCode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Map;
import java.util.Optional;

/**
 * The hold a {@code tq serve} keeps, for as long as it runs, on the directory it serves: an OS file lock on {@value
 * #FILE} there, which dies with the process. A server alone on its directory holds it exclusively, so a second server
 * started on the same directory refuses to start, naming the first, instead of taking the command line's way to it
 * ({@link ServedNote}) and answering every request {@code WORKSPACE_LOCKED}. Servers that serve one data root together
 * behind a router ({@code --shared-root}) each hold it shared: they exclude a server alone, not each other.
 */
final class ServeLock implements AutoCloseable {
    /** The lock file's name, in the served directory. */
    static final String FILE = ".tq-serve.lock";

    /** The open lock file, whose lock lasts until it is closed. */
    private final FileChannel channel;

    private ServeLock(FileChannel channel) {
        this.channel = channel;
    }

    /**
     * Takes the directory for this process, creating it when missing.
     *
     * @param directory the data root or the workspace directory to serve
     * @param shared whether other servers started with {@code --shared-root} may serve it too
     * @return the hold, to close when the server stops
     * @throws EngineException {@code ROOT_SERVED} when another server holds the directory in a way this one excludes
     */
    static ServeLock acquire(Path directory, boolean shared) {
        FileChannel channel = null;
        try {
            Files.createDirectories(directory);
            channel = FileChannel.open(
                    directory.resolve(FILE),
                    StandardOpenOption.CREATE,
                    StandardOpenOption.READ,
                    StandardOpenOption.WRITE);
            FileLock lock;
            try {
                lock = channel.tryLock(0, Long.MAX_VALUE, shared);
            } catch (OverlappingFileLockException e) {
                // This process serves the directory already.
                lock = null;
            }
            if (lock == null) {
                channel.close();
                throw served(directory, shared);
            }
            return new ServeLock(channel);
        } catch (IOException e) {
            closeQuietly(channel);
            throw new UncheckedIOException("could not lock " + directory.resolve(FILE), e);
        }
    }

    /** The refusal, naming the server that holds the directory when its note says which. */
    private static EngineException served(Path directory, boolean shared) {
        Optional<ServedNote> note = ServedNote.holder(directory);
        String holder = note.map(held -> "%sprocess %d at %s (serving since %s)"
                        .formatted(held.resident() ? "resident server, " : "", held.pid(), held.server(), held.since()))
                .orElse("another tq serve, which is starting or has not said where it listens,");
        boolean resident = note.map(ServedNote::resident).orElse(false);
        String next = resident
                ? "it is the resident server that tq commands started, which did not stop when asked; stop it with tq"
                        + " daemon stop --data " + directory + " and start this one again"
                : shared
                        ? "stop it, or restart it with --shared-root to serve the directory from several servers"
                        : "use that server (tq commands on its workspaces go through it), stop it first, or start every"
                                + " server of the directory with --shared-root when several are meant to serve it behind a"
                                + " router";
        return new EngineException(
                ServerErrorCode.ROOT_SERVED,
                "%s is already served by %s: %s".formatted(directory, holder, next),
                null,
                Map.of("directory", directory.toString()));
    }

    private static void closeQuietly(FileChannel channel) {
        if (channel != null) {
            try {
                channel.close();
            } catch (IOException ignored) {
                // The lock, if any, goes with the process.
            }
        }
    }

    /** Releases the directory: closing the lock file's channel releases its lock. */
    @Override
    public void close() {
        closeQuietly(channel);
    }
}
