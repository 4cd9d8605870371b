package io.tablequery.server.cli;

import io.tablequery.engine.error.EngineException;
import io.tablequery.engine.workspace.Workspace;
import io.tablequery.server.http.WorkspaceRegistry;
import java.io.IOException;
import java.io.PrintWriter;
import java.lang.management.ManagementFactory;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The resident server a command starts for its data root when no server holds the workspace: a {@code tq serve} of
 * the root in the background, on loopback and a free port, that loads the search models once and keeps workspaces
 * open, so that the next commands are answered by it instead of each opening the workspace (and loading the models)
 * itself. It writes its log beside the workspaces ({@value #LOG}), stops after {@link #IDLE_VARIABLE} seconds without a
 * request (15 minutes by default), and is found by later commands through its {@link ServedNote}. Commands that race
 * to start it start one: they take turns on a file lock in the root ({@value #START_LOCK}), and the {@code tq}
 * launcher, which starts it for the skill's three commands, takes its own kind of lock on the same file; of two
 * servers started at once the one that does not hold the root gives way ({@link #yieldTo}). A {@code tq serve}
 * started on the root takes over: it stops the resident server first ({@link #stopFor}).
 */
final class ResidentServer {
    /** Set to anything but {@code 0} or empty, commands run in their own process instead of starting a server. */
    static final String OFF_VARIABLE = "TQ_NO_DAEMON";

    /** Seconds a resident server stays without a request before it stops. */
    static final String IDLE_VARIABLE = "TQ_DAEMON_IDLE";

    /** The idle time when {@link #IDLE_VARIABLE} is not set. */
    static final Duration DEFAULT_IDLE = Duration.ofMinutes(15);

    /** The resident server's log, in the data root: its standard output and error, from its latest start. */
    static final String LOG = ".tq-server.log";

    /** The lock commands take turns on to start the server. */
    static final String START_LOCK = ".tq-start.lock";

    /** How long a command waits for the server it started to say where it listens. */
    private static final Duration START_WAIT = Duration.ofSeconds(30);

    private static final Duration POLL = Duration.ofMillis(20);

    /** How long a server asked to stop is waited for. */
    static final Duration STOP_WAIT = Duration.ofSeconds(30);

    /** What Arrow needs of the JDK, which the jar's manifest says for {@code -jar}. */
    private static final String OPEN_NIO = "--add-opens=java.base/java.nio=ALL-UNNAMED";

    /**
     * The JIT compiles a method after ten times the usual calls: at a start, the compilers took a core of a 2-core
     * machine from the server and the model it loads (its first search: 2.0 s against 2.4 s), and the commands after it
     * were no slower (150-160 ms each either way). The {@code tq} launcher starts the server with it too.
     */
    static final String LATER_COMPILES = "-XX:CompileThresholdScaling=10";

    /** util-linux's setsid, which runs a program in a new session under the same process id. */
    private static final Path SETSID = Path.of("/usr/bin/setsid");

    /** Threads of this process starting a server take turns here, as the file lock is held per process. */
    private static final ReentrantLock STARTING = new ReentrantLock();

    private ResidentServer() {}

    /**
     * Tells whether commands may start a resident server, as the environment says.
     *
     * @param environment the process's environment
     * @return false when {@link #OFF_VARIABLE} is set
     */
    static boolean enabled(Map<String, String> environment) {
        String off = environment.get(OFF_VARIABLE);
        return off == null || off.isBlank() || off.trim().equals("0");
    }

    /**
     * Starts the resident server for the data root of a workspace, or finds the one another command started
     * meanwhile, and returns the workspace on it.
     *
     * @param workspace the workspace directory, absolute and normalized
     * @param searches whether the command searches by meaning: the server then loads the model as it starts, which
     *     the first call of any other command would wait for (about 0.4 s of a 2-core machine's start)
     * @param err where a command says why it runs in its own process after all
     * @return the workspace on the server, or empty when there is no server to go through: the workspace does not
     *     exist yet (it is made here, and the server of its root finds it later), its name is not a served name, or
     *     the server did not start (said on {@code err})
     */
    static Optional<RemoteWorkspace> start(Path workspace, boolean searches, PrintWriter err) {
        Path root = workspace.getParent();
        Path name = workspace.getFileName();
        if (root == null
                || name == null
                || !WorkspaceRegistry.VALID_NAME.matcher(name.toString()).matches()
                || !Workspace.exists(workspace)) {
            return Optional.empty();
        }
        STARTING.lock();
        try (FileChannel channel = FileChannel.open(
                        root.resolve(START_LOCK), StandardOpenOption.CREATE, StandardOpenOption.WRITE);
                FileLock ignored = channel.lock()) {
            Optional<RemoteWorkspace> running = ServedNote.serverFor(workspace);
            if (running.isPresent()) {
                return running;
            }
            return launch(root, workspace, searches, err);
        } catch (IOException e) {
            err.printf("tq: could not start a server for %s (%s); running in this process%n", root, e.getMessage());
            err.flush();
            return Optional.empty();
        } finally {
            STARTING.unlock();
        }
    }

    /**
     * Starts {@code tq serve} for the root and waits until a server's note names where it listens: its own, or that of
     * a server another command started at the same time, which the one started here then yields to ({@link #yieldTo}).
     */
    private static Optional<RemoteWorkspace> launch(Path root, Path workspace, boolean searches, PrintWriter err)
            throws IOException {
        Path log = root.resolve(LOG);
        Process process = new ProcessBuilder(command(root, searches))
                .redirectErrorStream(true)
                .redirectOutput(log.toFile())
                .start();
        process.getOutputStream().close();
        long deadline = System.nanoTime() + START_WAIT.toNanos();
        while (System.nanoTime() - deadline < 0) {
            boolean running = process.isAlive();
            Optional<RemoteWorkspace> served = ServedNote.serverFor(workspace);
            if (served.isPresent()) {
                return served;
            }
            if (!running) {
                break;
            }
            pause();
        }
        boolean silent = process.isAlive();
        if (silent) {
            process.destroy();
        }
        err.printf(
                "tq: the server for %s did not start (%s; its log: %s); running in this process%n",
                root, silent ? "no answer in " + START_WAIT.toSeconds() + " s" : "it stopped", log);
        err.flush();
        return Optional.empty();
    }

    /**
     * Gives way, as a resident server that found its directory held, to the server that holds it: two commands (the
     * launcher and a JVM, whose locks do not exclude each other) started one each. Waits for the holder's note, which
     * the commands that started either server wait for too.
     *
     * @param directory the data root
     * @param refusal the refusal to start, naming the holder as far as it is known
     * @param err where the server says what it did
     * @return 0 once the holder's note is there
     * @throws EngineException the refusal, when the holder wrote no note in {@link #START_WAIT}
     */
    static int yieldTo(Path directory, EngineException refusal, PrintWriter err) {
        long deadline = System.nanoTime() + START_WAIT.toNanos();
        Optional<ServedNote> holder = ServedNote.holder(directory);
        while (holder.isEmpty() && System.nanoTime() - deadline < 0) {
            pause();
            holder = ServedNote.holder(directory);
        }
        if (holder.isEmpty()) {
            throw refusal;
        }
        err.printf(
                "process %d serves %s at %s already, started at the same time as this one, which stops%n",
                holder.get().pid(), directory, holder.get().server());
        err.flush();
        return 0;
    }

    /**
     * Stops the resident server of a directory, if one runs, so that a {@code tq serve} the user starts there takes
     * over: the resident server stands in for a server until the user runs one.
     *
     * @param directory the data root (or workspace directory) the new server is to serve
     * @param err where the take-over is said
     */
    static void stopFor(Path directory, PrintWriter err) {
        Optional<ServedNote> running = ServedNote.holder(directory).filter(ServedNote::resident);
        if (running.isEmpty()) {
            return;
        }
        try {
            if (stop(running.get()) == Stopped.STOPPED) {
                err.printf(
                        "stopped the resident server that commands had started for %s (process %d); this one takes"
                                + " over%n",
                        directory, running.get().pid());
                err.flush();
            }
            // Otherwise gone already, or still running: then the lock says who holds the directory.
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** How asking a server to stop went. */
    enum Stopped {
        /** It stopped when asked. */
        STOPPED,
        /** It had stopped already. */
        GONE,
        /** The system refused to signal it (another user's process). */
        REFUSED,
        /** It still runs {@link #STOP_WAIT} after it was asked. */
        STILL_RUNNING
    }

    /**
     * Asks the server a note names to stop (SIGTERM: it answers what is in flight, removes its note and releases the
     * directory) and waits up to {@link #STOP_WAIT} for it to end.
     *
     * @param served the server's note
     * @return how it went
     * @throws InterruptedException when interrupted while waiting
     */
    static Stopped stop(ServedNote served) throws InterruptedException {
        Optional<ProcessHandle> process = ProcessHandle.of(served.pid());
        if (process.isEmpty()) {
            return Stopped.GONE;
        }
        if (!process.get().destroy()) {
            return Stopped.REFUSED;
        }
        try {
            process.get().onExit().get(STOP_WAIT.toMillis(), TimeUnit.MILLISECONDS);
            return Stopped.STOPPED;
        } catch (TimeoutException e) {
            return Stopped.STILL_RUNNING;
        } catch (ExecutionException e) {
            throw new IllegalStateException("could not wait for process " + served.pid(), e);
        }
    }

    /**
     * The idle time the environment asks for.
     *
     * @param environment the process's environment
     * @return {@link #IDLE_VARIABLE}'s seconds, or {@link #DEFAULT_IDLE} when it is not a positive number
     */
    static Duration idle(Map<String, String> environment) {
        String seconds = environment.get(IDLE_VARIABLE);
        if (seconds != null) {
            try {
                long parsed = Long.parseLong(seconds.trim());
                if (parsed > 0) {
                    return Duration.ofSeconds(parsed);
                }
            } catch (NumberFormatException e) {
                // Not a number: the default.
            }
        }
        return DEFAULT_IDLE;
    }

    /**
     * The command that starts the server: this JVM's java with its options and class path, less the options meant for
     * a short command (the launcher's quick compiler and serial collector) and agents, running {@code tq serve} in a
     * session of its own where {@code setsid} is installed. The {@code tq} launcher starts the same server for the
     * skill's commands, with the options it gives a command.
     *
     * @param root the data root
     * @param preload whether it loads the search model as it starts
     * @return the command line
     */
    static List<String> command(Path root, boolean preload) {
        List<String> command = new ArrayList<>();
        if (Files.isExecutable(SETSID)) {
            // A session of its own: the terminal's Ctrl-C and hang-up stop the command, not the server it started.
            command.add(SETSID.toString());
        }
        command.add(ProcessHandle.current()
                .info()
                .command()
                .orElse(Path.of(System.getProperty("java.home"), "bin", "java").toString()));
        // First, so that an option of the user's (TQ_JAVA_OPTS) comes after it and wins.
        command.add(LATER_COMPILES);
        for (String option : ManagementFactory.getRuntimeMXBean().getInputArguments()) {
            if (!option.startsWith("-XX:TieredStopAtLevel")
                    && !option.equals("-XX:+UseSerialGC")
                    && !option.startsWith("-XX:ArchiveClassesAtExit")
                    && !option.startsWith("-agentlib")
                    && !option.startsWith("-javaagent")) {
                command.add(option);
            }
        }
        if (!command.contains(OPEN_NIO)) {
            // The jar's manifest opens java.nio to Arrow for -jar; a run with -cp says so itself.
            command.add(OPEN_NIO);
        }
        command.addAll(List.of("-cp", System.getProperty("java.class.path")));
        command.add(TqMain.class.getName());
        // --resident says the rest: a free port, the idle time of the environment, workspaces kept open.
        command.addAll(List.of("serve", "--resident", "--data", root.toString()));
        if (!preload) {
            command.add(ServeCommand.NO_MODEL_PRELOAD);
        }
        return command;
    }

    private static void pause() {
        try {
            Thread.sleep(POLL.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while starting the server", e);
        }
    }
}
