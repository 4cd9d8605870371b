package io.tablequery.server.cli;

import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/**
 * The {@code tq} command: its subcommands do the work. They are added by {@link TqMain}, which builds only the one a
 * command line names: picocli reads every subcommand's annotations when it is added, which would cost each start
 * more than the command itself.
 */
@Command(
        name = "tq",
        mixinStandardHelpOptions = true,
        version = "tq 0.1.0",
        description = "Ask uploaded spreadsheets questions with SQL, every answer traceable to its source row.")
public final class TqCommand implements Runnable {
    @Spec
    CommandSpec spec;

    /** Who runs the command: this process, unless a server runs it for a launcher. */
    Caller caller = Caller.local();

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }
}
