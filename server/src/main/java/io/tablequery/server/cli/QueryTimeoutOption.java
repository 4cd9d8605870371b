package io.tablequery.server.cli;

import io.tablequery.engine.exec.QueryDeadline;
import java.time.Duration;
import picocli.CommandLine.Option;

/** The {@code --query-timeout SECONDS} option of the commands that serve queries. */
final class QueryTimeoutOption {
    @Option(
            names = "--query-timeout",
            paramLabel = "SECONDS",
            defaultValue = "" + QueryDeadline.DEFAULT_TIMEOUT_SECONDS,
            description = "How long one query or plan may run before it is cancelled (default: ${DEFAULT-VALUE}).")
    int seconds;

    /**
     * Tells whether the limit was set to other than the default.
     *
     * @return true when it differs from a server's
     */
    boolean given() {
        return seconds != QueryDeadline.DEFAULT_TIMEOUT_SECONDS;
    }

    /** The time limit. */
    Duration timeout() {
        return Duration.ofSeconds(seconds);
    }
}
