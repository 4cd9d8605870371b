package io.tablequery.dialects.translate;

/**
 * Rewrites a SQLite GLOB pattern for DuckDB: SQLite negates a class with {@code ^} and has no escape character;
 * DuckDB negates with {@code !} and escapes with a backslash.
 */
final class GlobPatterns {
    private GlobPatterns() {}

    static String toDuckDb(String pattern) {
        StringBuilder out = new StringBuilder();
        int i = 0;
        while (i < pattern.length()) {
            char c = pattern.charAt(i);
            if (c == '\\') {
                out.append("\\\\");
                i++;
            } else if (c == '[') {
                i = copyClass(pattern, i, out);
            } else {
                out.append(c);
                i++;
            }
        }
        return out.toString();
    }

    /** Copies a character class starting at {@code start}; returns the index after it. */
    private static int copyClass(String pattern, int start, StringBuilder out) {
        int i = start + 1;
        boolean negated = i < pattern.length() && pattern.charAt(i) == '^';
        if (negated) {
            i++;
        }
        StringBuilder members = new StringBuilder();
        if (i < pattern.length() && pattern.charAt(i) == ']') {
            throw new Refusal("a GLOB class that starts with ]");
        }
        while (i < pattern.length() && pattern.charAt(i) != ']') {
            char c = pattern.charAt(i);
            if (c == '\\' || c == '[') {
                throw new Refusal("a GLOB class holding " + c);
            }
            members.append(c);
            i++;
        }
        if (i >= pattern.length()) {
            throw new Refusal("an unterminated GLOB class");
        }
        if (!members.isEmpty() && members.charAt(0) == '!') {
            if (members.length() == 1) {
                throw new Refusal("a GLOB class of only !");
            }
            members.deleteCharAt(0).append('!');
        }
        out.append('[');
        if (negated) {
            out.append('!');
        }
        out.append(members).append(']');
        return i + 1;
    }
}
