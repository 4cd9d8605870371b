package io.tablequery.engine.workspace;

import static java.util.Objects.requireNonNull;

import io.tablequery.engine.json.JsonCodec;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Optional;

/**
 * Which process holds a workspace, as it wrote in the workspace's {@code .holder.json} when it took the lock: a
 * command that finds the workspace locked reads it to go through the server that holds it, or to say who does.
 *
 * @param pid the holding process
 * @param since when it took the lock
 * @param server the base URL of the HTTP server serving the workspace, or null when the holder serves none
 * @param workspace the name the server serves the workspace under, or null
 */
public record WorkspaceHolder(long pid, Instant since, URI server, String workspace) {
    /** The file name of the note, in the workspace directory. */
    static final String FILE = ".holder.json";

    public WorkspaceHolder {
        requireNonNull(since, "since is null");
        if ((server == null) != (workspace == null)) {
            throw new IllegalArgumentException("a served workspace has both a server and a name");
        }
    }

    /**
     * The note of this process, serving nothing yet.
     *
     * @return the holder
     */
    static WorkspaceHolder thisProcess() {
        return new WorkspaceHolder(ProcessHandle.current().pid(), Instant.now(), null, null);
    }

    /**
     * Returns this holder serving the workspace.
     *
     * @param url the server's base URL
     * @param name the workspace's name on that server
     * @return the new holder
     */
    public WorkspaceHolder serving(URI url, String name) {
        return new WorkspaceHolder(
                pid, since, requireNonNull(url, "url is null"), requireNonNull(name, "name is null"));
    }

    /**
     * Tells whether the holder is a server, which a command can go through.
     *
     * @return true when it serves the workspace
     */
    public boolean serves() {
        return server != null;
    }

    /**
     * Tells whether the holding process is still running on this machine.
     *
     * @return true when a process with the pid runs
     */
    public boolean alive() {
        return ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false);
    }

    /**
     * Reads the note of a workspace directory.
     *
     * @param directory the workspace directory
     * @return the holder, or empty when no note is there or it cannot be read
     */
    public static Optional<WorkspaceHolder> read(Path directory) {
        try {
            String json = Files.readString(directory.resolve(FILE), StandardCharsets.UTF_8);
            return Optional.of(JsonCodec.read(json, WorkspaceHolder.class));
        } catch (IOException | UncheckedIOException | IllegalArgumentException e) {
            return Optional.empty();
        }
    }

    /** A few words for messages: {@code process 123 (since ...) serving http://...}. */
    String describe() {
        return "process %d (since %s)%s".formatted(pid, since, serves() ? " serving it at " + server : "");
    }
}
