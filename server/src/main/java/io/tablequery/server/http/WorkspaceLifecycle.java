package io.tablequery.server.http;

import static java.util.Objects.requireNonNull;

import java.time.Duration;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * When a server opens and closes its workspaces: a workspace opens at its first request and closes after it has been
 * idle this long, or earlier, least recently used first, when another must open and the memory budget is spent. Each
 * open workspace reserves its DuckDB memory limit and {@link #SQLITE_RESERVE} for its SQLite caches, catalog and
 * search index, so the sum of what open workspaces may use stays within the budget.
 *
 * @param idleClose how long an unused workspace stays open; zero keeps it open until the server stops
 * @param memoryBudget the bytes all open workspaces may reserve together; zero for no budget
 * @param queueWait how long a request waits for room before it is refused as overloaded
 */
public record WorkspaceLifecycle(Duration idleClose, long memoryBudget, Duration queueWait) {
    /** What an open workspace reserves beside its DuckDB memory limit: SQLite's page caches, catalog, index. */
    public static final long SQLITE_RESERVE = 80L << 20;

    /** Open at first use, never closed, no budget: a server of a few workspaces, and the tests'. */
    public static final WorkspaceLifecycle KEEP_OPEN = new WorkspaceLifecycle(Duration.ZERO, 0, Duration.ofSeconds(10));

    private static final Pattern SIZE =
            Pattern.compile("([0-9]+(?:\\.[0-9]+)?)\\s*([KMGT]?)(i?)B", Pattern.CASE_INSENSITIVE);

    public WorkspaceLifecycle {
        requireNonNull(idleClose, "idleClose is null");
        requireNonNull(queueWait, "queueWait is null");
        if (idleClose.isNegative() || queueWait.isNegative() || memoryBudget < 0) {
            throw new IllegalArgumentException("idle time, wait and memory budget must not be negative");
        }
    }

    /**
     * Reads a size as DuckDB writes its memory limit: {@code 2GB} (powers of 1000), {@code 512MiB} (of 1024).
     *
     * @param text the size
     * @return the bytes
     * @throws IllegalArgumentException when the text is not a size
     */
    public static long bytes(String text) {
        Matcher match = SIZE.matcher(text.strip());
        if (!match.matches()) {
            throw new IllegalArgumentException("not a size such as 2GB or 512MiB: " + text);
        }
        int power = match.group(2).isEmpty() ? 0 : "KMGT".indexOf(match.group(2).toUpperCase(Locale.ROOT)) + 1;
        double unit = Math.pow(match.group(3).isEmpty() ? 1000 : 1024, power);
        return (long) (Double.parseDouble(match.group(1)) * unit);
    }
}
