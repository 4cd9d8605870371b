package io.tablequery.server.cli;

import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** The {@code tq} command: its subcommands do the work. */
@Command(
        name = "tq",
        mixinStandardHelpOptions = true,
        version = "tq 0.1.0",
        description = "Ask uploaded spreadsheets questions with SQL, every answer traceable to its source row.",
        subcommands = {
            ServeCommand.class,
            IngestCommand.class,
            FilesCommand.class,
            TablesCommand.class,
            RmCommand.class,
            ReportCommand.class,
            SearchTablesCommand.class,
            GetSchemasCommand.class,
            RunSqlCommand.class,
            TranslateCommand.class,
            DuckCommand.class,
            McpCommand.class,
            picocli.CommandLine.HelpCommand.class
        })
public final class TqCommand implements Runnable {
    @Spec
    CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }
}
