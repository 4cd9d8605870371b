package io.tablequery.server.cli;

import io.tablequery.engine.error.EngineException;
import io.tablequery.engine.error.ErrorCategory;
import java.io.PrintWriter;
import picocli.CommandLine;
import picocli.CommandLine.IExecutionExceptionHandler;
import picocli.CommandLine.IExitCodeExceptionMapper;
import picocli.CommandLine.ParseResult;

/**
 * Prints errors as {@code error [CODE]: message} on standard error and maps them to exit codes: 1 for a problem
 * with the input or the workspace, 2 for a usage error (picocli's), 3 for an internal failure.
 */
final class ExitCodes implements IExecutionExceptionHandler, IExitCodeExceptionMapper {
    static final int USER_ERROR = 1;
    static final int INTERNAL_ERROR = 3;

    @Override
    public int handleExecutionException(Exception error, CommandLine commandLine, ParseResult parseResult) {
        if (error instanceof EngineException engine) {
            print(commandLine.getErr(), engine);
        } else {
            commandLine.getErr().printf("error [INTERNAL]: %s%n", error);
        }
        commandLine.getErr().flush();
        return getExitCode(error);
    }

    /** Prints an engine error the one way every command shows it. */
    static void print(PrintWriter err, EngineException error) {
        err.printf("error [%s]: %s%n", error.getErrorCode().name(), error.getMessage());
    }

    @Override
    public int getExitCode(Throwable error) {
        if (error instanceof CommandLine.ParameterException) {
            return CommandLine.ExitCode.USAGE;
        }
        if (error instanceof EngineException engine) {
            return engine.getErrorCode().category() == ErrorCategory.INTERNAL_ERROR ? INTERNAL_ERROR : USER_ERROR;
        }
        return INTERNAL_ERROR;
    }
}
