package io.tablequery.server.cli;

import io.javalin.http.Handler;
import io.javalin.util.JavalinBindException;
import io.tablequery.engine.error.EngineException;
import io.tablequery.engine.ingest.IngestListener;
import io.tablequery.engine.ingest.IngestSettings;
import io.tablequery.engine.plugin.ConfiguredPlugins;
import io.tablequery.engine.search.MeaningModels;
import io.tablequery.engine.skill.SkillSettings;
import io.tablequery.engine.workspace.SearchMode;
import io.tablequery.engine.workspace.Workspace;
import io.tablequery.engine.workspace.WorkspaceOptions;
import io.tablequery.server.api.ServerErrorCode;
import io.tablequery.server.audit.AuditFiles;
import io.tablequery.server.audit.AuditLog;
import io.tablequery.server.audit.AuditSettings;
import io.tablequery.server.auth.AdminKey;
import io.tablequery.server.auth.AuthMode;
import io.tablequery.server.auth.KeyStore;
import io.tablequery.server.auth.Quota;
import io.tablequery.server.http.ServerLimits;
import io.tablequery.server.http.ServerSettings;
import io.tablequery.server.http.TqServer;
import io.tablequery.server.http.WorkspaceLifecycle;
import io.tablequery.server.http.WorkspaceRegistry;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.net.BindException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.BooleanSupplier;
import java.util.stream.Stream;
import picocli.CommandLine;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code tq serve}: serves workspaces over HTTP. Without options it serves every sub-directory of {@code ./data},
 * creating {@code ./data/default} loaded with the sample files on first start.
 */
@Command(
        name = "serve",
        description = "Serve workspaces over HTTP: on 127.0.0.1 without API keys by default; with --auth keys (the"
                + " default on any other address) every call needs a key.")
final class ServeCommand implements Callable<Integer> {
    static final Path DEFAULT_ROOT = Path.of("data");
    /** The environment variable that may hold the admin key. */
    static final String ADMIN_KEY_VARIABLE = "TQ_ADMIN_KEY";

    @Spec
    CommandSpec spec;

    @Option(names = "--port", defaultValue = "8080", description = "Port (default: ${DEFAULT-VALUE}; 0 for any).")
    int port;

    @Option(names = "--host", defaultValue = "127.0.0.1", description = "Address to bind (default: ${DEFAULT-VALUE}).")
    String host;

    @Option(
            names = "--max-upload-mb",
            defaultValue = "1024",
            description = "Largest upload (default: ${DEFAULT-VALUE}).")
    long maxUploadMb;

    @Option(
            names = "--auth",
            paramLabel = "MODE",
            description = "none (every caller may do everything) or keys (the admin key for /v1/admin, a workspace's"
                    + " key for its routes). Default: none on 127.0.0.1 or localhost, keys on any other address.")
    AuthMode auth;

    @Option(
            names = "--keys",
            paramLabel = "FILE",
            description =
                    "Where the hashed keys are kept (default: keys.json in the data root, or beside --workspace).")
    Path keysFile;

    @Mixin
    QueryTimeoutOption queryTimeout;

    @Mixin
    EngineOptions engines;

    @Option(
            names = "--max-queries-per-workspace",
            paramLabel = "N",
            defaultValue = "4",
            description = "Queries running at once on one workspace (default: ${DEFAULT-VALUE}).")
    int queriesPerWorkspace;

    @Option(
            names = "--max-large-queries-per-workspace",
            paramLabel = "N",
            defaultValue = "2",
            description = "Large queries (see --large-query-rows) running at once on one workspace, so that small"
                    + " ones always have slots left (default: ${DEFAULT-VALUE}).")
    int largeQueriesPerWorkspace;

    @Option(
            names = "--large-query-rows",
            paramLabel = "N",
            defaultValue = "100000",
            description = "A query naming tables of more rows than this in all is large (default: ${DEFAULT-VALUE}).")
    long largeQueryRows;

    @Mixin
    SearchOption search;

    @Option(
            names = "--max-queries",
            paramLabel = "N",
            defaultValue = "16",
            description = "Queries running at once on the server (default: ${DEFAULT-VALUE}).")
    int queriesTotal;

    @Option(
            names = "--max-queued",
            paramLabel = "N",
            defaultValue = "64",
            description = "Requests waiting for a slot, up to 10 s each; more are answered 429 (default:"
                    + " ${DEFAULT-VALUE}).")
    int queueLength;

    @Option(
            names = "--max-ingests",
            paramLabel = "N",
            defaultValue = "2",
            description = "Uploads ingested at once (default: ${DEFAULT-VALUE}).")
    int ingests;

    @Option(
            names = "--memory-per-workspace",
            paramLabel = "SIZE",
            defaultValue = "2GB",
            description = "DuckDB's memory limit per workspace, beyond which it spills to the workspace's directory"
                    + " (default: ${DEFAULT-VALUE}).")
    String memoryPerWorkspace;

    @Option(
            names = "--memory",
            paramLabel = "SIZE",
            description = "Memory all open workspaces may take together: each reserves its --memory-per-workspace and"
                    + " 80 MiB for SQLite; beyond it, the least recently used idle workspace closes, or a request waits,"
                    + " then is refused (429) (default: three quarters of this machine's memory).")
    String memory;

    @Option(
            names = "--idle-close",
            paramLabel = "SECONDS",
            defaultValue = "300",
            description = "Close a workspace after it has had no request for this long; 0 keeps workspaces open"
                    + " (default: ${DEFAULT-VALUE}).")
    long idleClose;

    @Option(
            names = "--duckdb-threads",
            paramLabel = "N",
            defaultValue = "1",
            description = "DuckDB threads per workspace: 1 serves the most queries at once; more make one large query"
                    + " at a time faster, for a server of few users (default: ${DEFAULT-VALUE}).")
    int duckDbThreads;

    @Option(
            names = "--keep-versions",
            paramLabel = "N",
            description = "Superseded versions of each file that keep their bytes and ingest report, so that citations"
                    + " of them open; older ones keep only their record (default: all).")
    Integer keepVersions;

    @Option(
            names = "--shared-root",
            description = "Serve the directory together with other servers started with this option (a deployment of"
                    + " several servers behind a router, each workspace held by one at a time). Without it, a server"
                    + " refuses to start on a directory another server serves, and names that server.")
    boolean sharedRoot;

    @Option(
            names = "--key-requests-per-minute",
            paramLabel = "N",
            defaultValue = "0",
            description =
                    "Requests a minute a workspace key may make, unless it was issued with its own quota; 0 for no"
                            + " limit (default: ${DEFAULT-VALUE}).")
    int keyRequestsPerMinute;

    @Option(
            names = "--key-concurrent-calls",
            paramLabel = "N",
            defaultValue = "0",
            description = "Calls a workspace key may have running at once, unless it was issued with its own quota; 0"
                    + " for no limit (default: ${DEFAULT-VALUE}).")
    int keyConcurrentCalls;

    @Option(
            names = "--audit",
            paramLabel = "MODE",
            defaultValue = "on",
            description = "The audit log, one JSON line per call in each workspace's audit/ directory: on, no-text"
                    + " (plans and queries kept only as their hash) or off (default: ${DEFAULT-VALUE}).")
    String audit;

    @Option(
            names = "--audit-file-mb",
            paramLabel = "MB",
            defaultValue = "64",
            description = "Start a new audit file when the current one reaches this size (default: ${DEFAULT-VALUE}).")
    long auditFileMb;

    @Option(
            names = "--audit-file-hours",
            paramLabel = "HOURS",
            defaultValue = "24",
            description = "Start a new audit file when the current one is this old (default: ${DEFAULT-VALUE}).")
    long auditFileHours;

    @Option(
            names = "--audit-keep-files",
            paramLabel = "N",
            defaultValue = "30",
            description = "Audit files each workspace keeps; older ones are deleted (default: ${DEFAULT-VALUE}).")
    int auditKeepFiles;

    @Option(
            names = "--idle-exit",
            paramLabel = "SECONDS",
            defaultValue = "0",
            description = "Stop after the server has answered no request for this long; 0 serves until stopped"
                    + " (default: ${DEFAULT-VALUE}).")
    long idleExit;

    /**
     * Set by a command, or the launcher, that starts the server for its data root ({@link ResidentServer}): it then
     * serves on a free port, keeps workspaces open, gives DuckDB a command's threads and stops after the idle time of
     * {@value ResidentServer#IDLE_VARIABLE}, whatever those options say.
     */
    @Option(names = "--resident", hidden = true)
    boolean resident;

    /** The resident server's option for a start by a command that does not search: the model loads at a search. */
    static final String NO_MODEL_PRELOAD = "--no-model-preload";

    @Option(names = NO_MODEL_PRELOAD, hidden = true)
    boolean noModelPreload;

    /** How often a resident server looks at the jar it runs from. */
    private static final Duration JAR_POLL = Duration.ofSeconds(1);

    @ArgGroup(exclusive = true)
    Target target = new Target();

    /** Either a root of workspaces or one workspace. */
    static final class Target {
        @Option(
                names = "--data",
                paramLabel = "ROOT",
                description = "Serve each sub-directory of ROOT as a workspace" + " named after it (default: ./data).")
        Path root;

        @Option(names = "--workspace", paramLabel = "DIR", description = "Serve just DIR, named after its directory.")
        Path workspace;
    }

    @Override
    public Integer call() throws Exception {
        PrintWriter err = spec.commandLine().getErr();
        Path root = target.workspace != null ? null : target.root != null ? target.root : DEFAULT_ROOT;
        if (resident) {
            port = 0;
            idleExit = ResidentServer.idle(System.getenv()).toSeconds();
            idleClose = 0;
            duckDbThreads = WorkspaceOptions.DEFAULTS.duckDbThreads();
        }
        WorkspaceOptions options;
        try {
            options = new WorkspaceOptions(
                    IngestSettings.DEFAULTS,
                    duckDbThreads,
                    memoryPerWorkspace,
                    keepVersions == null ? WorkspaceOptions.ALL_VERSIONS : keepVersions,
                    search.mode());
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(
                    spec.commandLine(),
                    e.getMessage() + " (--duckdb-threads takes 1 or more; --memory-per-workspace a size like 2GB;"
                            + " --keep-versions 0 or more)");
        }
        ServerLimits limits;
        try {
            limits = new ServerLimits(
                    queriesPerWorkspace,
                    largeQueriesPerWorkspace,
                    largeQueryRows,
                    queriesTotal,
                    queueLength,
                    ServerLimits.DEFAULTS.queueWait(),
                    ingests,
                    new Quota(keyRequestsPerMinute, keyConcurrentCalls));
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(
                    spec.commandLine(),
                    e.getMessage() + " (--max-queries-per-workspace, --max-queries and --max-ingests take 1 or more;"
                            + " --max-large-queries-per-workspace 1 up to --max-queries-per-workspace; --max-queued,"
                            + " --large-query-rows, --key-requests-per-minute and --key-concurrent-calls 0 or more)");
        }
        if (idleExit < 0) {
            throw new CommandLine.ParameterException(
                    spec.commandLine(), "--idle-exit takes 0 or more seconds, not " + idleExit);
        }
        Path noted = target.workspace != null ? target.workspace : root;
        if (!resident) {
            ResidentServer.stopFor(noted, err);
        }
        ServeLock hold;
        try {
            hold = ServeLock.acquire(noted, sharedRoot);
        } catch (EngineException e) {
            if (resident && e.getErrorCode().equals(ServerErrorCode.ROOT_SERVED.toErrorCode())) {
                // Started by two commands at once (the launcher's lock and the JVM's do not exclude each other): the
                // one that holds the root serves, and its note is what the commands wait for.
                return ResidentServer.yieldTo(noted, e, err);
            }
            throw e;
        }
        try {
            // Asked before any workspace opens; Javalin's own bind failure (the port taken since) is caught too.
            checkPortFree();
            return serve(root, options, limits, noted, hold, err);
        } catch (RuntimeException | IOException | InterruptedException e) {
            hold.close();
            throw e;
        }
    }

    /**
     * The audit log: a workspace's lines in its {@code audit/} directory; the lines of calls that name no served
     * workspace (admin routes, unknown names) in the data root's {@code .tq-audit/}, or the one workspace's.
     */
    private AuditLog auditLog(Path root, WorkspaceRegistry registry) {
        AuditSettings settings =
                switch (audit) {
                    case "on" -> AuditSettings.DEFAULTS;
                    case "no-text" -> AuditSettings.DEFAULTS.withoutText();
                    case "off" -> AuditSettings.OFF;
                    default ->
                        throw new CommandLine.ParameterException(
                                spec.commandLine(), "--audit takes on, no-text or off, not '" + audit + "'");
                };
        if (auditFileMb < 1 || auditFileHours < 1 || auditKeepFiles < 1) {
            throw new CommandLine.ParameterException(
                    spec.commandLine(), "--audit-file-mb, --audit-file-hours and --audit-keep-files take 1 or more");
        }
        settings = settings.withFiles(auditFileMb << 20, Duration.ofHours(auditFileHours), auditKeepFiles);
        Path server = target.workspace != null
                ? target.workspace.toAbsolutePath().resolve(AuditFiles.DIRECTORY)
                : root.toAbsolutePath().resolve(AuditFiles.SERVER_DIRECTORY);
        return new AuditLog(settings, AuditFiles.directories(server, registry::directory));
    }

    /** Serves the workspaces, holding the served directory, until the process is told to stop. */
    private int serve(
            Path root, WorkspaceOptions options, ServerLimits limits, Path noted, ServeLock hold, PrintWriter err)
            throws IOException, InterruptedException {
        if (options.search() == SearchMode.MEANING && !noModelPreload) {
            // Loaded while the server starts, so that its first search (often the call that started it) waits less.
            MeaningModels.preload();
        }
        WorkspaceRegistry registry;
        try {
            WorkspaceLifecycle lifecycle = lifecycle(limits);
            overcommitted(lifecycle.memoryBudget(), physicalMemory()).ifPresent(err::println);
            registry = new WorkspaceRegistry(root, options, lifecycle);
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(
                    spec.commandLine(),
                    e.getMessage() + " (--memory takes a size like 16GB, at least one workspace's reservation;"
                            + " --idle-close 0 or more seconds)");
        }
        ConfiguredPlugins plugins = engines.configure(WorkspaceLifecycle.bytes(options.duckDbMemoryLimit()));
        registry.addListener(plugins);
        Path uploads;
        try {
            if (target.workspace != null) {
                registry.serve(target.workspace);
                uploads = target.workspace.resolve("tmp");
            } else if (resident) {
                serveExisting(root, registry);
                uploads = root;
            } else {
                openAll(root, target.root == null, registry, options, err);
                uploads = root;
            }
        } catch (RuntimeException | IOException e) {
            registry.close();
            plugins.close();
            throw e;
        }
        AuthMode mode = auth != null ? auth : loopback(host) ? AuthMode.NONE : AuthMode.KEYS;
        KeyStore keys = KeyStore.open(
                keysFile != null
                        ? keysFile
                        : root != null
                                ? root.resolve("keys.json")
                                : target.workspace.toAbsolutePath().resolveSibling("keys.json"));
        if (mode == AuthMode.KEYS) {
            AdminKey.ensure(keys, System.getenv(ADMIN_KEY_VARIABLE))
                    .ifPresent(generated -> err.printf(
                            "generated the admin key (shown this once; the server keeps only its hash):%n  %s%n",
                            generated));
        }
        ServerSettings settings = new ServerSettings(
                host,
                port,
                maxUploadMb << 20,
                ServerSettings.DEFAULTS.maxRequestBytes(),
                SkillSettings.DEFAULTS.withQueryTimeout(queryTimeout.timeout()).withEngines(plugins.engines()),
                limits);
        // A server on this machine without keys runs the skill's commands for the launcher, which then starts no JVM.
        Optional<String> commandToken =
                mode == AuthMode.NONE && loopback(host) ? Optional.of(CommandRoute.newToken()) : Optional.empty();
        TqServer server;
        try {
            server = TqServer.start(
                    registry,
                    settings,
                    uploads,
                    keys,
                    mode,
                    commandToken.<Handler>map(CommandRoute::new),
                    auditLog(root, registry));
        } catch (RuntimeException e) {
            registry.close();
            plugins.close();
            throw portInUse(e).orElseThrow(() -> e);
        }
        URI url = localUrl(host, server.port());
        registry.announce(url);
        if (!sharedRoot || ServedNote.holder(noted).isEmpty()) {
            // Of servers sharing a root, the first to start is the one the command line goes through.
            ServedNote.write(noted, url, target.workspace == null, resident, idleExit, commandToken.orElse(null));
        }
        CountDownLatch stopped = new CountDownLatch(1);
        AtomicBoolean stopping = new AtomicBoolean();
        Runnable stop = () -> {
            if (stopping.compareAndSet(false, true)) {
                server.close();
                plugins.close();
                ServedNote.remove(noted);
                hold.close();
                stopped.countDown();
            }
        };
        Runtime.getRuntime().addShutdownHook(new Thread(stop, "tq-shutdown"));
        if (idleExit > 0) {
            stopWhenIdle(server, Duration.ofSeconds(idleExit), stop, err);
        }
        if (resident) {
            stopWhenJarChanges(stop, err);
        }
        err.printf(
                mode == AuthMode.NONE
                        ? "tablequery serves %s on http://%s:%d without API keys: anyone who reaches the port may do"
                                + " anything, so keep it on localhost%n"
                        : "tablequery serves %s on http://%s:%d; every call needs an API key%n",
                served(registry.names()),
                host,
                server.port());
        err.flush();
        stopped.await();
        return 0;
    }

    /**
     * Stops the server, on a daemon thread that looks a few times per idle period, once it has had no request for
     * {@code limit}.
     */
    private static void stopWhenIdle(TqServer server, Duration limit, Runnable stop, PrintWriter err) {
        long watching = System.nanoTime();
        stopWhen(
                "tq-idle-exit",
                Duration.ofMillis(Math.max(100, Math.min(5_000, limit.toMillis() / 4))),
                // Counted from now at the earliest: starting may have taken longer than the limit.
                () -> server.idle().compareTo(limit) >= 0 && System.nanoTime() - watching >= limit.toNanos(),
                "no request for %d s: the server stops".formatted(limit.toSeconds()),
                stop,
                err);
    }

    /**
     * Stops a resident server once the jar it runs from changes, looking every second: the launcher rebuilds the jar
     * in place when the sources change, and a server reading classes from the rewritten file failed requests (an MCP
     * session hung). The next command finds it gone and starts one from the new jar.
     */
    private static void stopWhenJarChanges(Runnable stop, PrintWriter err) {
        Optional<Path> jar = runningJar();
        if (jar.isEmpty()) {
            return;
        }
        String started = identity(jar.get());
        stopWhen(
                "tq-jar-watch",
                JAR_POLL,
                () -> !identity(jar.get()).equals(started),
                "its jar %s changed: the server stops".formatted(jar.get()),
                stop,
                err);
    }

    /** Looks on a daemon thread, every {@code poll}, until {@code due} holds; then says why and stops the server. */
    private static void stopWhen(
            String thread, Duration poll, BooleanSupplier due, String why, Runnable stop, PrintWriter err) {
        Thread watcher = new Thread(
                () -> {
                    try {
                        while (!due.getAsBoolean()) {
                            Thread.sleep(poll.toMillis());
                        }
                        err.println(why);
                        err.flush();
                        stop.run();
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                },
                thread);
        watcher.setDaemon(true);
        watcher.start();
    }

    /** The jar this process runs from, when it runs from one. */
    private static Optional<Path> runningJar() {
        try {
            Path location = Path.of(TqMain.class
                    .getProtectionDomain()
                    .getCodeSource()
                    .getLocation()
                    .toURI());
            return Files.isRegularFile(location) && location.toString().endsWith(".jar")
                    ? Optional.of(location)
                    : Optional.empty();
        } catch (URISyntaxException | RuntimeException e) {
            return Optional.empty();
        }
    }

    /** A file's size and time of change, or empty when it cannot be read. */
    private static String identity(Path file) {
        try {
            return Files.size(file) + "|" + Files.getLastModifiedTime(file);
        } catch (IOException e) {
            return "";
        }
    }

    /** Fails with {@code PORT_IN_USE} when another process listens on the port asked for. */
    private void checkPortFree() {
        if (port == 0) {
            return;
        }
        try (ServerSocket probe = new ServerSocket()) {
            probe.setReuseAddress(true);
            probe.bind(new InetSocketAddress(host, port));
        } catch (IOException e) {
            portInUse(new UncheckedIOException(e)).ifPresent(inUse -> {
                throw inUse;
            });
        }
    }

    /** The error for a server that could not bind its port because another process listens there. */
    private Optional<EngineException> portInUse(RuntimeException error) {
        for (Throwable cause = error; cause != null; cause = cause.getCause()) {
            if (cause instanceof JavalinBindException || cause instanceof BindException) {
                return Optional.of(new EngineException(
                        ServerErrorCode.PORT_IN_USE,
                        ("port %d on %s is in use by another process: pass --port with another port, or --port 0 for"
                                        + " any free one (the server prints the address it listens on)")
                                .formatted(port, host),
                        error));
            }
        }
        return Optional.empty();
    }

    /** The lifecycle the options ask for; without --memory, three quarters of this machine's memory. */
    private WorkspaceLifecycle lifecycle(ServerLimits limits) {
        long budget = memory != null ? WorkspaceLifecycle.bytes(memory) : physicalMemory() / 4 * 3;
        if (idleClose < 0) {
            throw new IllegalArgumentException("--idle-close must be 0 or more seconds, not " + idleClose);
        }
        return new WorkspaceLifecycle(Duration.ofSeconds(idleClose), budget, limits.queueWait());
    }

    /**
     * The warning for a budget larger than the machine's memory: the open workspaces could then take more memory than
     * there is, and the process be killed rather than a request refused. It stays a warning, as a budget is what the
     * workspaces may reserve, which their queries seldom use in full.
     *
     * @param budget the memory budget in bytes
     * @param physical this machine's memory in bytes, or 0 when unknown
     * @return the warning, or empty when the budget fits
     */
    static Optional<String> overcommitted(long budget, long physical) {
        if (physical <= 0 || budget <= physical) {
            return Optional.empty();
        }
        return Optional.of(("warning: --memory %,d MiB is more than this machine's %,d MiB: the open workspaces may"
                        + " together use more memory than there is; the budget is meant to keep them within it")
                .formatted(budget >> 20, physical >> 20));
    }

    private static long physicalMemory() {
        return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
                .getTotalMemorySize();
    }

    /** The workspaces served, as the start line names them: every name up to twenty, else how many. */
    private static String served(List<String> names) {
        return names.size() <= 20
                ? names.toString()
                : "%,d workspaces (%s, ...)".formatted(names.size(), String.join(", ", names.subList(0, 5)));
    }

    /** Serves the workspaces under the root that exist: a resident server makes none and loads no samples. */
    private static void serveExisting(Path root, WorkspaceRegistry registry) throws IOException {
        try (Stream<Path> entries = Files.list(root)) {
            entries.filter(Files::isDirectory)
                    .filter(p -> WorkspaceRegistry.VALID_NAME
                            .matcher(p.getFileName().toString())
                            .matches())
                    .filter(Workspace::exists)
                    .sorted()
                    .forEach(registry::serve);
        }
    }

    private static void openAll(
            Path root, boolean embeddedDefault, WorkspaceRegistry registry, WorkspaceOptions options, PrintWriter err)
            throws IOException {
        Files.createDirectories(root);
        List<Path> directories;
        try (Stream<Path> entries = Files.list(root)) {
            directories = entries.filter(Files::isDirectory)
                    .filter(p -> WorkspaceRegistry.VALID_NAME
                            .matcher(p.getFileName().toString())
                            .matches())
                    .sorted()
                    .toList();
        }
        if (directories.isEmpty() || (embeddedDefault && !Files.exists(root.resolve("default")))) {
            Workspace created = Workspace.open(root.resolve("default"), options);
            registry.add(created);
            if (embeddedDefault) {
                loadSamples(created, err);
            }
        }
        for (Path directory : directories) {
            if (!directory.getFileName().toString().equals("default")
                    || !registry.names().contains("default")) {
                registry.serve(directory);
            }
        }
    }

    /** Loads the sample files into a new embedded default workspace. */
    static void loadSamples(Workspace workspace, PrintWriter err) throws IOException {
        Path samples = samplesDirectory();
        if (!Files.isDirectory(samples)) {
            err.printf("no sample files at %s; the default workspace starts empty%n", samples);
            return;
        }
        try (Stream<Path> files = Files.list(samples)) {
            for (Path file : files.filter(Files::isRegularFile).sorted().toList()) {
                try {
                    var result = workspace.ingest(file, file.getFileName().toString(), IngestListener.NONE);
                    err.printf(
                            "loaded sample %s as %s%n",
                            file.getFileName(), result.file().ref());
                } catch (EngineException e) {
                    err.printf("could not load sample %s: %s%n", file.getFileName(), e.getMessage());
                }
            }
        }
    }

    /** The sample files: {@code $TQ_HOME/samples/files}, or {@code ./samples/files}. */
    static Path samplesDirectory() {
        String home = System.getProperty("tq.home");
        return (home == null ? Path.of(".") : Path.of(home)).resolve("samples").resolve("files");
    }

    /** How a client on this machine reaches a server bound to {@code host}. */
    static URI localUrl(String host, int port) {
        String reachable = host.equals("0.0.0.0") || host.isBlank() ? "127.0.0.1" : host.equals("::") ? "::1" : host;
        return URI.create("http://" + (reachable.contains(":") ? "[" + reachable + "]" : reachable) + ":" + port);
    }

    private static boolean loopback(String host) {
        return host.equals("127.0.0.1") || host.equals("localhost") || host.equals("::1");
    }
}
