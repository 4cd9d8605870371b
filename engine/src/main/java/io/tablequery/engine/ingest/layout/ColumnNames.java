package io.tablequery.engine.ingest.layout;

import io.tablequery.dialects.SqliteRowid;
import io.tablequery.engine.ingest.values.TextValueParser;
import java.util.HashSet;
import java.util.Locale;
import java.util.Set;

/**
 * Cleans header text into column names and keeps them unique. Names are compared ignoring case, as both SQL engines
 * do; {@code rowid}, {@code oid} and {@code _rowid_} are taken from the start, because a column with such a name
 * would hide SQLite's row id, which holds each row's provenance.
 */
final class ColumnNames {
    static final int MAX_LENGTH = 128;
    private final Set<String> taken = new HashSet<>(SqliteRowid.NAMES);

    /** Collapses whitespace and removes control characters; returns "" for nothing left. */
    static String clean(String raw) {
        StringBuilder out = new StringBuilder(Math.min(raw.length(), MAX_LENGTH));
        boolean space = false;
        for (int i = 0; i < raw.length() && out.length() < MAX_LENGTH; i++) {
            char c = raw.charAt(i);
            if (TextValueParser.isSpace(c)) {
                space = out.length() > 0;
            } else if (!Character.isISOControl(c)) {
                if (space) {
                    out.append(' ');
                    space = false;
                }
                out.append(c);
            }
        }
        return out.toString();
    }

    /** Returns the name, or the name with {@code _2}, {@code _3}, ... when it is taken, and marks it taken. */
    String unique(String name) {
        String candidate = name;
        for (int suffix = 2; !taken.add(candidate.toLowerCase(Locale.ROOT)); suffix++) {
            candidate = name + "_" + suffix;
        }
        return candidate;
    }
}
