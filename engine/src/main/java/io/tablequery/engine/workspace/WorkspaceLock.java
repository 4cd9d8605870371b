package io.tablequery.engine.workspace;

import io.tablequery.engine.catalog.CatalogErrorCode;
import io.tablequery.engine.error.EngineException;
import io.tablequery.engine.files.AtomicFiles;
import io.tablequery.engine.json.JsonCodec;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The lock that gives one process a workspace ({@code .lock}), and the note beside it that says which process holds
 * it and, for a server, where it listens ({@code .holder.json}).
 */
final class WorkspaceLock implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(WorkspaceLock.class);

    private final Path directory;
    private final FileChannel channel;
    private final FileLock lock;
    private volatile WorkspaceHolder holder;

    private WorkspaceLock(Path directory, FileChannel channel, FileLock lock, WorkspaceHolder holder) {
        this.directory = directory;
        this.channel = channel;
        this.lock = lock;
        this.holder = holder;
    }

    /**
     * Takes a workspace's lock and writes this process's note.
     *
     * @throws EngineException WORKSPACE_LOCKED when another process, or another instance in this one, holds it
     */
    static WorkspaceLock acquire(WorkspacePaths paths, String name) throws IOException {
        FileChannel channel = FileChannel.open(paths.lock(), StandardOpenOption.CREATE, StandardOpenOption.WRITE);
        try {
            FileLock lock = channel.tryLock();
            if (lock == null) {
                throw lockedByAnother(paths.directory(), name);
            }
            WorkspaceLock held = new WorkspaceLock(paths.directory(), channel, lock, WorkspaceHolder.thisProcess());
            held.write(held.holder);
            return held;
        } catch (OverlappingFileLockException e) {
            channel.close();
            throw new EngineException(
                    CatalogErrorCode.WORKSPACE_LOCKED,
                    "workspace '%s' (%s) is already open in this process; use the open instance"
                            .formatted(name, paths.directory()),
                    e);
        } catch (IOException | RuntimeException e) {
            channel.close();
            throw e;
        }
    }

    private static EngineException lockedByAnother(Path directory, String name) {
        String who =
                WorkspaceHolder.read(directory).map(WorkspaceHolder::describe).orElse("another tablequery process");
        return new EngineException(
                CatalogErrorCode.WORKSPACE_LOCKED,
                "workspace '%s' (%s) is held by %s; go through its server (--server URL), or stop it"
                        .formatted(name, directory, who));
    }

    /** The note this process wrote. */
    WorkspaceHolder holder() {
        return holder;
    }

    /** Rewrites the note, for example once the server that holds the workspace listens. */
    void announce(WorkspaceHolder changed) {
        try {
            write(changed);
            holder = changed;
        } catch (IOException e) {
            LOG.warn(
                    "could not write {} in {}; other commands will not find the server",
                    WorkspaceHolder.FILE,
                    directory,
                    e);
        }
    }

    boolean isOpen() {
        return channel.isOpen();
    }

    private void write(WorkspaceHolder note) throws IOException {
        Path target = directory.resolve(WorkspaceHolder.FILE);
        Path partial = directory.resolve(WorkspaceHolder.FILE + ".partial");
        Files.writeString(partial, JsonCodec.write(note), StandardCharsets.UTF_8);
        AtomicFiles.replace(partial, target);
    }

    @Override
    public void close() {
        if (!channel.isOpen()) {
            return;
        }
        try {
            Files.deleteIfExists(directory.resolve(WorkspaceHolder.FILE));
        } catch (IOException e) {
            LOG.warn("could not remove {} in {}", WorkspaceHolder.FILE, directory, e);
        }
        try {
            lock.release();
        } catch (IOException e) {
            LOG.warn("could not release the lock of {}", directory, e);
        }
        try {
            channel.close();
        } catch (IOException e) {
            LOG.warn("could not close the lock of {}", directory, e);
        }
    }
}
