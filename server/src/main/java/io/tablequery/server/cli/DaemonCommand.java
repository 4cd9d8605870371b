package io.tablequery.server.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code tq daemon status|stop}: the resident server that commands start for a data root ({@link ResidentServer}).
 */
@Command(
        name = "daemon",
        description = "Show (status) or stop (stop) the resident server that commands start for a data root when no"
                + " server holds their workspace. status exits 3 when no server serves the root.")
final class DaemonCommand implements Callable<Integer> {
    /** {@code status}'s exit code when nothing serves the root, as service managers answer. */
    static final int NOT_RUNNING = 3;

    /** What to do. */
    enum Action {
        status,
        stop
    }

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "ACTION", description = "status or stop.")
    Action action;

    @ArgGroup(exclusive = true)
    Where where = new Where();

    /** The data root, named outright or by one of its workspaces. */
    static final class Where {
        @Option(
                names = "--data",
                paramLabel = "ROOT",
                description = "The data root (default: the root of the default workspace, ./data).")
        Path root;

        @Option(names = "--workspace", paramLabel = "DIR", description = "A workspace under the data root.")
        Path workspace;
    }

    @Override
    public Integer call() throws InterruptedException {
        Path root = root();
        PrintWriter out = spec.commandLine().getOut();
        Optional<ServedNote> note = ServedNote.read(root).filter(ServedNote::alive);
        if (note.isEmpty()) {
            out.printf("no server serves %s%n", root);
            out.flush();
            return action == Action.status ? NOT_RUNNING : 0;
        }
        ServedNote served = note.get();
        if (action == Action.status) {
            out.println(describe(root, served));
            out.flush();
            return 0;
        }
        if (!served.resident()) {
            PrintWriter err = spec.commandLine().getErr();
            err.printf(
                    "%s is served by tq serve (process %d at %s), not by a resident server: stop it where it runs%n",
                    root, served.pid(), served.server());
            err.flush();
            return 1;
        }
        return stop(root, served, out);
    }

    private int stop(Path root, ServedNote served, PrintWriter out) throws InterruptedException {
        PrintWriter err = spec.commandLine().getErr();
        switch (ResidentServer.stop(served)) {
            case REFUSED -> {
                err.printf(
                        "could not stop the resident server (process %d): the system refused the signal; stop it as"
                                + " the user that runs it%n",
                        served.pid());
                err.flush();
                return 1;
            }
            case STILL_RUNNING -> {
                err.printf(
                        "the resident server (process %d) did not stop in %d s; it is being killed%n",
                        served.pid(), ResidentServer.STOP_WAIT.toSeconds());
                ProcessHandle.of(served.pid()).ifPresent(ProcessHandle::destroyForcibly);
            }
            case STOPPED, GONE -> {
                // Stopped as asked.
            }
        }
        out.printf("stopped the resident server of %s (process %d at %s)%n", root, served.pid(), served.server());
        out.flush();
        return 0;
    }

    private Path root() {
        if (where.root != null) {
            return where.root.toAbsolutePath().normalize();
        }
        Path workspace = (where.workspace != null ? where.workspace : Path.of(WorkspaceOption.DEFAULT))
                .toAbsolutePath()
                .normalize();
        return workspace.getParent() == null ? workspace : workspace.getParent();
    }

    /** The status line: who serves the root, where, since when, for how long, and where its log is. */
    static String describe(Path root, ServedNote served) {
        String kind = served.resident() ? "a resident server" : "tq serve";
        String stops = served.idleExitSeconds() > 0
                ? "stops after %d s without a request".formatted(served.idleExitSeconds())
                : "runs until stopped";
        String log = served.resident() ? "; its log: " + root.resolve(ResidentServer.LOG) : "";
        return "%s serves %s: process %d at %s, since %s; %s%s"
                .formatted(kind, root, served.pid(), served.server(), served.since(), stops, log);
    }
}
