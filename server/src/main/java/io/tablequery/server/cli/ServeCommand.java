package io.tablequery.server.cli;

import io.tablequery.engine.error.EngineException;
import io.tablequery.engine.ingest.IngestListener;
import io.tablequery.engine.skill.SkillSettings;
import io.tablequery.engine.workspace.Workspace;
import io.tablequery.server.http.ServerSettings;
import io.tablequery.server.http.TqServer;
import io.tablequery.server.http.WorkspaceRegistry;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code tq serve}: serves workspaces over HTTP. Without options it serves every sub-directory of {@code ./data},
 * creating {@code ./data/default} loaded with the sample files on first start.
 */
@Command(name = "serve", description = "Serve workspaces over HTTP on 127.0.0.1 (no API keys: local use only).")
final class ServeCommand implements Callable<Integer> {
    static final Path DEFAULT_ROOT = Path.of("data");
    private static final Pattern WORKSPACE_NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9_.-]{0,63}");

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
        WorkspaceRegistry registry = new WorkspaceRegistry();
        Path uploads;
        try {
            if (target.workspace != null) {
                registry.add(Workspace.open(target.workspace));
                uploads = target.workspace.resolve("tmp");
            } else {
                Path root = target.root != null ? target.root : DEFAULT_ROOT;
                openAll(root, target.root == null, registry, err);
                uploads = root;
            }
        } catch (RuntimeException | IOException e) {
            registry.close();
            throw e;
        }
        ServerSettings settings = new ServerSettings(
                host, port, maxUploadMb << 20, ServerSettings.DEFAULTS.maxRequestBytes(), SkillSettings.DEFAULTS);
        TqServer server = TqServer.start(registry, settings, uploads);
        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime()
                .addShutdownHook(new Thread(
                        () -> {
                            server.close();
                            stopped.countDown();
                        },
                        "tq-shutdown"));
        err.printf(
                "tablequery serves %s on http://%s:%d (no API keys: keep it on localhost)%n",
                registry.names(), host, server.port());
        err.flush();
        stopped.await();
        return 0;
    }

    private static void openAll(Path root, boolean embeddedDefault, WorkspaceRegistry registry, PrintWriter err)
            throws IOException {
        Files.createDirectories(root);
        List<Path> directories;
        try (Stream<Path> entries = Files.list(root)) {
            directories = entries.filter(Files::isDirectory)
                    .filter(p ->
                            WORKSPACE_NAME.matcher(p.getFileName().toString()).matches())
                    .sorted()
                    .toList();
        }
        if (directories.isEmpty() || (embeddedDefault && !Files.exists(root.resolve("default")))) {
            Workspace created = Workspace.open(root.resolve("default"));
            registry.add(created);
            if (embeddedDefault) {
                loadSamples(created, err);
            }
        }
        for (Path directory : directories) {
            if (!directory.getFileName().toString().equals("default")
                    || !registry.names().contains("default")) {
                registry.add(Workspace.open(directory));
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
}
