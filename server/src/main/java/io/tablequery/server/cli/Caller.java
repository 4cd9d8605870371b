package io.tablequery.server.cli;

import static java.util.Objects.requireNonNull;

import io.tablequery.engine.error.EngineException;
import io.tablequery.server.api.ServerErrorCode;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.Optional;
import picocli.CommandLine.Model.CommandSpec;

/**
 * Who runs a command: this process, started by {@code tq}, or the process of a {@code tq} launcher that sent its
 * command line to a server ({@link CommandRoute}), whose working directory and standard input it names.
 *
 * @param directory the caller's working directory, against which relative paths resolve
 * @param in the caller's standard input, or empty when it was not sent
 * @param interactive whether the caller's standard input and output are a terminal
 * @param forwarded whether the command runs inside a server for a launcher: it then goes only through this server
 */
record Caller(Path directory, Optional<InputStream> in, boolean interactive, boolean forwarded) {
    Caller {
        requireNonNull(directory, "directory is null");
        requireNonNull(in, "in is null");
        if (!directory.isAbsolute()) {
            throw new IllegalArgumentException("the caller's directory must be absolute: " + directory);
        }
    }

    /**
     * This process, as the shell started it.
     *
     * @return the caller
     */
    static Caller local() {
        return new Caller(Path.of("").toAbsolutePath(), Optional.of(System.in), System.console() != null, false);
    }

    /**
     * The caller of the command a spec belongs to: the one its {@code tq} command was given, else this process.
     *
     * @param spec any command's or mixin's spec
     * @return the caller
     */
    static Caller of(CommandSpec spec) {
        return spec.root().userObject() instanceof TqCommand tq ? tq.caller : local();
    }

    /**
     * A path as the caller means it: a relative one against its working directory.
     *
     * @param path the path given
     * @return the path to open in this process
     */
    Path resolve(Path path) {
        return directory.resolve(path);
    }

    /**
     * The caller's standard input.
     *
     * @return its stream
     * @throws EngineException {@code RUN_IN_CLIENT} when the launcher did not send it
     */
    InputStream standardInput() {
        return in.orElseThrow(() -> runInClient("it reads standard input, which was not sent"));
    }

    /**
     * Refuses a forwarded command that needs a process of its own.
     *
     * @param why what the command needs
     * @return the exception to throw
     */
    static EngineException runInClient(String why) {
        return new EngineException(ServerErrorCode.RUN_IN_CLIENT, "the command runs in a process of its own: " + why);
    }
}
