package io.tablequery.engine.error;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Takes this machine's paths out of messages that reach a caller: the directory holding the workspaces becomes
 * {@code <data root>} (so a workspace's file reads {@code <data root>/shop/files/F1/x.csv}), the home directory
 * {@code ~} and the temporary directory {@code <tmp>}. Engines write absolute paths into their errors ({@code Cannot access directory
 * "/home/tq/.duckdb/extensions/..."}); a tenant must learn neither where the server keeps its data nor whose account
 * runs it. Every {@link EngineException}'s message and every DuckDB message a tool answers with passes through here.
 */
public final class HostPaths {
    /** A path and what it becomes; longer paths are replaced first. */
    private record Replacement(String path, Pattern pattern, String with) {}

    private static final List<Replacement> REPLACEMENTS = new ArrayList<>();

    static {
        add(System.getProperty("user.home"), "~");
        add(System.getProperty("java.io.tmpdir"), "<tmp>");
    }

    private HostPaths() {}

    /**
     * Makes the directory that holds a workspace unsayable (its data root), and with it every workspace's directory
     * in it: one replacement whatever the number of workspaces.
     *
     * @param workspaceDirectory the workspace's absolute directory
     */
    public static void registerWorkspace(Path workspaceDirectory) {
        Path parent = workspaceDirectory.toAbsolutePath().normalize().getParent();
        if (parent != null && parent.getParent() != null) {
            add(parent.toString(), "<data root>");
        }
    }

    /**
     * Makes another directory of this machine unsayable, such as where an engine's exports go.
     *
     * @param directory the absolute directory
     * @param with what it becomes in messages, such as {@code <spark data>}
     */
    public static void registerLocation(Path directory, String with) {
        add(directory.toAbsolutePath().normalize().toString(), with);
    }

    /**
     * Returns the text with this machine's paths replaced.
     *
     * @param text a message, or null
     * @return the message without them, or null
     */
    public static String scrub(String text) {
        if (text == null || text.isEmpty()) {
            return text;
        }
        List<Replacement> replacements;
        synchronized (REPLACEMENTS) {
            replacements = List.copyOf(REPLACEMENTS);
        }
        String scrubbed = text;
        for (Replacement replacement : replacements) {
            if (scrubbed.contains(replacement.path())) {
                scrubbed = replacement
                        .pattern()
                        .matcher(scrubbed)
                        .replaceAll(Matcher.quoteReplacement(replacement.with()));
            }
        }
        return scrubbed;
    }

    private static void add(String path, String with) {
        if (path == null || path.isEmpty() || path.equals("/")) {
            return;
        }
        // A path ends where a name cannot go on: "/home/tq" is in "/home/tq/x" but not in "/home/tqz".
        String end = path.endsWith("/") ? "" : "(?![\\p{L}\\p{N}_.\\-])";
        Replacement replacement = new Replacement(path, Pattern.compile(Pattern.quote(path) + end), with);
        synchronized (REPLACEMENTS) {
            if (REPLACEMENTS.stream().noneMatch(r -> r.path().equals(path))) {
                REPLACEMENTS.add(replacement);
                REPLACEMENTS.sort(
                        Comparator.comparingInt((Replacement r) -> r.path().length())
                                .reversed());
            }
        }
    }
}
