package io.tablequery.server.cli;

import static java.nio.charset.StandardCharsets.UTF_8;

import io.javalin.http.Context;
import io.javalin.http.Handler;
import io.tablequery.engine.error.EngineException;
import io.tablequery.server.api.ServerErrorCode;
import io.tablequery.server.http.TqServer;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.atomic.AtomicReference;
import picocli.CommandLine;
import picocli.CommandLine.IExecutionExceptionHandler;

/**
 * Runs a command line inside the server for the {@code tq} launcher, which then needs no JVM of its own: the launcher
 * finds the server's note beside the workspace, posts the command line with the note's secret, its working directory
 * and, when the command reads it, its standard input, and prints what the command printed. The command is the one
 * {@code tq} would run, through this server as a command beside it goes (so it prints byte for byte the same); one
 * that needs a process of its own (another server, an engine's options, a workspace this server does not serve) is
 * answered {@code RUN_IN_CLIENT}, and the launcher runs it in a JVM. Only the skill's three commands, which change
 * nothing, are run here, and only for callers on this machine that could read the note.
 *
 * <p>The answer is the command's standard error followed by its standard output, with the exit code and the length
 * of standard error in the headers {@value #EXIT_HEADER} and {@value #STDERR_HEADER}.
 */
final class CommandRoute implements Handler {
    /** The commands a server runs for the launcher. */
    static final Set<String> COMMANDS = Set.of("search-tables", "get-schemas", "run-sql");

    static final String EXIT_HEADER = "X-Tq-Exit";
    static final String STDERR_HEADER = "X-Tq-Stderr-Bytes";

    private static final int TOKEN_BYTES = 32;

    private final byte[] token;

    /**
     * A route that runs command lines sent with a secret.
     *
     * @param token the secret, as written in the server's note
     */
    CommandRoute(String token) {
        this.token = token.getBytes(UTF_8);
    }

    /**
     * A new secret for a server's note.
     *
     * @return 64 hexadecimal digits
     */
    static String newToken() {
        byte[] bytes = new byte[TOKEN_BYTES];
        new SecureRandom().nextBytes(bytes);
        return HexFormat.of().formatHex(bytes);
    }

    @Override
    public void handle(Context ctx) {
        String given = Optional.ofNullable(ctx.formParam("token")).orElse("");
        if (!loopback(ctx.req().getRemoteAddr()) || !MessageDigest.isEqual(token, given.getBytes(UTF_8))) {
            throw new EngineException(
                    ServerErrorCode.FORBIDDEN,
                    "command lines are taken only from this machine, with the secret in the server's note");
        }
        List<String> args = ctx.formParams("arg");
        ctx.attribute(TqServer.TRANSPORT_ATTRIBUTE, "cli");
        ctx.attribute(TqServer.TEXT_ATTRIBUTE, String.join(" ", args));
        if (args.isEmpty() || !COMMANDS.contains(args.get(0))) {
            throw Caller.runInClient("the server runs only "
                    + String.join(", ", COMMANDS.stream().sorted().toList()));
        }
        Optional<InputStream> in =
                Optional.ofNullable(ctx.formParam("stdin")).map(text -> new ByteArrayInputStream(text.getBytes(UTF_8)));
        Path cwd = directory(ctx.formParam("cwd"));
        ctx.attribute(TqServer.WORKSPACE_ATTRIBUTE, workspaceName(cwd, args));
        Caller caller = new Caller(cwd, in, "1".equals(ctx.formParam("interactive")), true);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int exit = run(args, caller, out, err);
        byte[] errBytes = err.toByteArray();
        ctx.header(EXIT_HEADER, Integer.toString(exit));
        ctx.header(STDERR_HEADER, Integer.toString(errBytes.length));
        ctx.contentType("application/octet-stream");
        ByteArrayOutputStream answer = new ByteArrayOutputStream(errBytes.length + out.size());
        answer.writeBytes(errBytes);
        answer.writeBytes(out.toByteArray());
        ctx.result(answer.toByteArray());
    }

    /** Runs the command as {@code tq} would, for the caller; refuses one that needs a process of its own. */
    private static int run(List<String> args, Caller caller, ByteArrayOutputStream out, ByteArrayOutputStream err) {
        CommandLine commandLine = TqMain.commandLine(args.get(0));
        ((TqCommand) commandLine.getCommand()).caller = caller;
        PrintWriter outWriter = new PrintWriter(new OutputStreamWriter(out, UTF_8), true);
        PrintWriter errWriter = new PrintWriter(new OutputStreamWriter(err, UTF_8), true);
        commandLine.setOut(outWriter);
        commandLine.setErr(errWriter);
        IExecutionExceptionHandler exitCodes = commandLine.getExecutionExceptionHandler();
        AtomicReference<EngineException> inClient = new AtomicReference<>();
        commandLine.setExecutionExceptionHandler((error, line, parsed) -> {
            if (error instanceof EngineException engine
                    && engine.getErrorCode().equals(ServerErrorCode.RUN_IN_CLIENT.toErrorCode())) {
                inClient.set(engine);
                return ExitCodes.USER_ERROR;
            }
            return exitCodes.handleExecutionException(error, line, parsed);
        });
        int exit = commandLine.execute(args.toArray(String[]::new));
        if (inClient.get() != null) {
            // What the command printed is dropped: the launcher runs it again in a process of its own.
            throw inClient.get();
        }
        outWriter.flush();
        errWriter.flush();
        return exit;
    }

    /**
     * The name of the workspace a command line names, for its audit line: the last part of its {@code --workspace}
     * directory, as this server serves it (a command on a workspace it does not serve runs in a process of its own).
     */
    static String workspaceName(Path cwd, List<String> args) {
        String given = WorkspaceOption.DEFAULT;
        for (int i = 0; i < args.size(); i++) {
            if (args.get(i).equals("--workspace") && i + 1 < args.size()) {
                given = args.get(i + 1);
            } else if (args.get(i).startsWith("--workspace=")) {
                given = args.get(i).substring("--workspace=".length());
            }
        }
        try {
            Path name = cwd.resolve(given).normalize().getFileName();
            return name == null ? null : name.toString();
        } catch (InvalidPathException e) {
            return null;
        }
    }

    private static Path directory(String cwd) {
        try {
            Path directory = cwd == null ? null : Path.of(cwd);
            if (directory != null && directory.isAbsolute()) {
                return directory;
            }
        } catch (InvalidPathException e) {
            // answered below
        }
        throw Caller.runInClient("the launcher's working directory was not sent as an absolute path");
    }

    private static boolean loopback(String address) {
        try {
            return InetAddress.getByName(address).isLoopbackAddress();
        } catch (UnknownHostException e) {
            return false;
        }
    }
}
