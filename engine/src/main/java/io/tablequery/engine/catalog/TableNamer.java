package io.tablequery.engine.catalog;

import java.text.Normalizer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.Predicate;

/**
 * Makes readable, unique, stable table names from file and sheet names.
 *
 * <p>A CSV file {@code Orders 2025.csv} becomes {@code orders_2025}; sheet {@code Q1} of {@code Sales.xlsx} becomes
 * {@code sales_q1} (always file and sheet for workbooks, so adding a sheet later renames nothing); a table of an
 * uploaded SQLite database keeps its own name, so SQL written for that database runs unchanged. Unicode letters and
 * digits are kept, ASCII letters are lower-cased, anything else becomes {@code _}. Names that start with the
 * prefixes tablequery and SQLite reserve get a {@code t_} prefix. A run of two or more words that repeats the run
 * before it is written once ({@code report_fixed_price_basis_fixed_price_basis} is {@code report_fixed_price_basis}),
 * and a generated name keeps at most {@value #MAX_CODE_POINTS} characters, cut after a whole word, its uniqueness or
 * position suffix included, so that an agent can carry it.
 */
public final class TableNamer {
    /** The most characters (code points) of a generated name. */
    public static final int MAX_CODE_POINTS = 40;
    /** The most characters read of a file, sheet or title name before it is cut to {@link #MAX_CODE_POINTS}. */
    private static final int READ_CODE_POINTS = 1_000;

    private static final Set<String> RESERVED_PREFIXES = Set.of("tq_", "sqlite_");
    /** The name of a table whose file, sheet or title has no letter or digit. */
    private static final String NO_NAME = "table";

    private TableNamer() {}

    /**
     * Names the table of a single-sheet file such as a CSV.
     *
     * @param fileName the uploaded file name
     * @return the base name, before uniqueness suffixes
     */
    public static String forFile(String fileName) {
        return generated(stem(fileName));
    }

    /**
     * Names the table of one sheet of a workbook.
     *
     * @param fileName the uploaded file name
     * @param sheetName the sheet name
     * @return the base name, before uniqueness suffixes
     */
    public static String forSheet(String fileName, String sheetName) {
        return generated(stem(fileName), sheetName);
    }

    /**
     * Names one of the tables stacked in a sheet after its title.
     *
     * @param sheetBase the sheet's base name
     * @param title the title above the table
     * @return the base name, before uniqueness suffixes
     */
    public static String forBlock(String sheetBase, String title) {
        return generated(sheetBase, title);
    }

    /**
     * Adds a suffix to a base name, cutting the base after a whole word so that the name stays within {@link
     * #MAX_CODE_POINTS}.
     *
     * @param base the base name
     * @param suffix the suffix, such as {@code _2}
     * @return the name
     */
    public static String withSuffix(String base, String suffix) {
        return fit(base, MAX_CODE_POINTS - suffix.codePointCount(0, suffix.length())) + suffix;
    }

    /**
     * Names a table imported from a SQLite database: its own name, unless reserved.
     *
     * @param tableName the table's name in the database
     * @return the base name, before uniqueness suffixes
     */
    public static String forDatabaseTable(String tableName) {
        String trimmed = tableName.replace("\0", "").strip();
        return unreserved(trimmed.isEmpty() ? NO_NAME : trimmed);
    }

    /**
     * Makes a base name unique against the names already taken, adding {@code _2}, {@code _3}, ...
     *
     * @param base the base name
     * @param takenLowerCase tells whether a name, lower-cased with {@link Locale#ROOT}, is in use
     * @return a name not in use
     */
    public static String unique(String base, Predicate<String> takenLowerCase) {
        if (!takenLowerCase.test(base.toLowerCase(Locale.ROOT))) {
            return base;
        }
        for (int suffix = 2; ; suffix++) {
            String candidate = withSuffix(base, "_" + suffix);
            if (!takenLowerCase.test(candidate.toLowerCase(Locale.ROOT))) {
                return candidate;
            }
        }
    }

    private static String generated(String raw) {
        return fit(unreserved(cleaned(raw)), MAX_CODE_POINTS);
    }

    /**
     * A name of two parts, such as a file's and a sheet's. When both do not fit, the second, which tells the tables of
     * one file apart, is kept whole (within the limit) and the first cut after a whole word to the room left.
     */
    private static String generated(String first, String second) {
        String both = unreserved(cleaned(first + "_" + second));
        if (both.codePointCount(0, both.length()) <= MAX_CODE_POINTS) {
            return both;
        }
        String last = fit(cleaned(second), MAX_CODE_POINTS);
        int room = MAX_CODE_POINTS - last.codePointCount(0, last.length()) - 1;
        String head = room > 0 ? fit(cleaned(first), room) : "";
        return fit(unreserved(head.isEmpty() || head.equals(NO_NAME) ? last : head + "_" + last), MAX_CODE_POINTS);
    }

    /** A name's words, sanitized, each repeated run written once. */
    private static String cleaned(String raw) {
        return withoutRepeats(sanitize(raw));
    }

    static String sanitize(String raw) {
        String normalized = Normalizer.normalize(raw, Normalizer.Form.NFKC);
        StringBuilder out = new StringBuilder();
        int kept = 0;
        for (int i = 0; i < normalized.length() && kept < READ_CODE_POINTS; ) {
            int cp = normalized.codePointAt(i);
            i += Character.charCount(cp);
            if (Character.isLetterOrDigit(cp)) {
                out.appendCodePoint(cp < 128 ? Character.toLowerCase(cp) : cp);
                kept++;
            } else if (out.length() > 0 && out.charAt(out.length() - 1) != '_') {
                out.append('_');
                kept++;
            }
        }
        while (out.length() > 0 && out.charAt(out.length() - 1) == '_') {
            out.setLength(out.length() - 1);
        }
        return out.length() == 0 ? NO_NAME : out.toString();
    }

    /** Writes once a run of two or more words that repeats the run just before it. */
    static String withoutRepeats(String name) {
        List<String> words = new ArrayList<>(Arrays.asList(name.split("_", -1)));
        boolean changed = true;
        while (changed) {
            changed = false;
            for (int length = words.size() / 2; length >= 2 && !changed; length--) {
                for (int i = 0; i + 2 * length <= words.size() && !changed; i++) {
                    if (words.subList(i, i + length).equals(words.subList(i + length, i + 2 * length))) {
                        words.subList(i + length, i + 2 * length).clear();
                        changed = true;
                    }
                }
            }
        }
        return String.join("_", words);
    }

    /**
     * Cuts a name to at most {@code most} characters after a whole word ({@code _}-separated); a first word longer than
     * that is cut within.
     */
    static String fit(String name, int most) {
        if (name.codePointCount(0, name.length()) <= most) {
            return name;
        }
        StringBuilder out = new StringBuilder();
        int kept = 0;
        for (String word : name.split("_")) {
            int length = word.codePointCount(0, word.length());
            int needed = kept == 0 ? length : length + 1;
            if (word.isEmpty() || kept + needed > most) {
                break;
            }
            if (kept > 0) {
                out.append('_');
            }
            out.append(word);
            kept += needed;
        }
        return kept > 0 ? out.toString() : name.substring(0, name.offsetByCodePoints(0, most));
    }

    private static String stem(String fileName) {
        String base = fileName;
        int slash = Math.max(base.lastIndexOf('/'), base.lastIndexOf('\\'));
        if (slash >= 0) {
            base = base.substring(slash + 1);
        }
        int dot = base.lastIndexOf('.');
        return dot > 0 ? base.substring(0, dot) : base;
    }

    private static String unreserved(String name) {
        String lower = name.toLowerCase(Locale.ROOT);
        for (String prefix : RESERVED_PREFIXES) {
            if (lower.startsWith(prefix)) {
                return "t_" + name;
            }
        }
        return name;
    }
}
