package io.tablequery.server.cli;

import picocli.CommandLine;

/** Entry point of the {@code tq} command. */
public final class TqMain {
    private TqMain() {}

    /**
     * Runs {@code tq}.
     *
     * @param args the command line
     */
    public static void main(String[] args) {
        System.exit(commandLine().execute(args));
    }

    /**
     * Builds the command line with its error handling, for {@code main} and for tests.
     *
     * @return the configured command line
     */
    public static CommandLine commandLine() {
        CommandLine commandLine = new CommandLine(new TqCommand()).setCaseInsensitiveEnumValuesAllowed(true);
        ExitCodes exitCodes = new ExitCodes();
        commandLine.setExecutionExceptionHandler(exitCodes);
        commandLine.setExitCodeExceptionMapper(exitCodes);
        return commandLine;
    }
}
