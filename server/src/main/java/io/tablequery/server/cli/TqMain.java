package io.tablequery.server.cli;

import io.tablequery.engine.plugin.EnginePlugin;
import io.tablequery.engine.plugin.EnginePlugins;
import io.tablequery.engine.search.OnnxCalls;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Supplier;
import picocli.CommandLine;

/**
 * Entry point of the {@code tq} command. A first word that names no subcommand but an installed engine plugin runs
 * that plugin's commands ({@code tq spark local}).
 */
public final class TqMain {
    private TqMain() {}

    /** The engine plugins this repository builds, whose commands ({@code tq spark local}) say how to install them. */
    private static final Set<String> PLUGINS_BUILT_HERE = Set.of("spark");

    /** The subcommands, in the order {@code tq --help} lists them. */
    private static final Map<String, Supplier<Object>> SUBCOMMANDS = subcommands();

    /**
     * Runs {@code tq}.
     *
     * @param args the command line
     */
    public static void main(String[] args) {
        if (args.length > 0 && !SUBCOMMANDS.containsKey(args[0]) && !args[0].startsWith("-")) {
            Optional<EnginePlugin> plugin = EnginePlugins.installed(args[0]);
            if (plugin.isPresent()) {
                exit(plugin.get().command(List.of(args).subList(1, args.length), System.out, System.err));
            }
            if (PLUGINS_BUILT_HERE.contains(args[0])) {
                PrintWriter err = new PrintWriter(System.err, true, StandardCharsets.UTF_8);
                ExitCodes.print(err, EnginePlugins.notInstalled(args[0]));
                exit(ExitCodes.USER_ERROR);
            }
        }
        exit(commandLine(args.length == 0 ? "" : args[0]).execute(args));
    }

    /** Exits once no model is loading or running in the background: ONNX Runtime would crash the exit. */
    private static void exit(int status) {
        OnnxCalls.awaitBeforeExit();
        System.exit(status);
    }

    /**
     * Builds the command line with every subcommand and its error handling, for tests and {@code tq --help}.
     *
     * @return the configured command line
     */
    public static CommandLine commandLine() {
        return commandLine("");
    }

    /**
     * Builds the command line with its error handling and, when {@code first} names a subcommand, only that one.
     *
     * @param first the first word of the command line
     * @return the configured command line
     */
    static CommandLine commandLine(String first) {
        CommandLine commandLine = new CommandLine(new TqCommand());
        Supplier<Object> named = SUBCOMMANDS.get(first);
        if (named != null) {
            add(commandLine, named.get());
        } else {
            SUBCOMMANDS.values().forEach(subcommand -> add(commandLine, subcommand.get()));
            commandLine.addSubcommand(new CommandLine.HelpCommand());
        }
        // After the subcommands: picocli gives the setting to those added so far ('--auth keys' was refused).
        commandLine.setCaseInsensitiveEnumValuesAllowed(true);
        ExitCodes exitCodes = new ExitCodes();
        commandLine.setExecutionExceptionHandler(exitCodes);
        commandLine.setExitCodeExceptionMapper(exitCodes);
        return commandLine;
    }

    /** Adds a subcommand with {@code --help} (and {@code --version}), as every command has. */
    private static void add(CommandLine commandLine, Object subcommand) {
        CommandLine added = new CommandLine(subcommand);
        added.getCommandSpec().mixinStandardHelpOptions(true);
        commandLine.addSubcommand(added);
    }

    private static Map<String, Supplier<Object>> subcommands() {
        Map<String, Supplier<Object>> subcommands = new LinkedHashMap<>();
        subcommands.put("serve", ServeCommand::new);
        subcommands.put("ingest", IngestCommand::new);
        subcommands.put("files", FilesCommand::new);
        subcommands.put("tables", TablesCommand::new);
        subcommands.put("rm", RmCommand::new);
        subcommands.put("export", ExportCommand::new);
        subcommands.put("report", ReportCommand::new);
        subcommands.put("search-tables", SearchTablesCommand::new);
        subcommands.put("get-schemas", GetSchemasCommand::new);
        subcommands.put("run-sql", RunSqlCommand::new);
        subcommands.put("translate", TranslateCommand::new);
        subcommands.put("duck", DuckCommand::new);
        subcommands.put("source-cells", SourceCellsCommand::new);
        subcommands.put("mcp", McpCommand::new);
        subcommands.put("daemon", DaemonCommand::new);
        subcommands.put("audit", AuditCommand::new);
        return Collections.unmodifiableMap(subcommands);
    }
}
