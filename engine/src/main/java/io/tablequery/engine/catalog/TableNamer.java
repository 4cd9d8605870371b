package io.tablequery.engine.catalog;

import java.text.Normalizer;
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
 * prefixes tablequery and SQLite reserve get a {@code t_} prefix.
 */
public final class TableNamer {
    static final int MAX_CODE_POINTS = 64;
    private static final Set<String> RESERVED_PREFIXES = Set.of("tq_", "sqlite_");

    private TableNamer() {}

    /**
     * Names the table of a single-sheet file such as a CSV.
     *
     * @param fileName the uploaded file name
     * @return the base name, before uniqueness suffixes
     */
    public static String forFile(String fileName) {
        return unreserved(sanitize(stem(fileName)));
    }

    /**
     * Names the table of one sheet of a workbook.
     *
     * @param fileName the uploaded file name
     * @param sheetName the sheet name
     * @return the base name, before uniqueness suffixes
     */
    public static String forSheet(String fileName, String sheetName) {
        return unreserved(sanitize(stem(fileName) + "_" + sheetName));
    }

    /**
     * Names one of the tables stacked in a sheet after its title.
     *
     * @param sheetBase the sheet's base name
     * @param title the title above the table
     * @return the base name, before uniqueness suffixes
     */
    public static String forBlock(String sheetBase, String title) {
        return unreserved(sanitize(sheetBase + "_" + title));
    }

    /**
     * Names a table imported from a SQLite database: its own name, unless reserved.
     *
     * @param tableName the table's name in the database
     * @return the base name, before uniqueness suffixes
     */
    public static String forDatabaseTable(String tableName) {
        String cleaned = tableName.replace("\0", "").strip();
        return unreserved(cleaned.isEmpty() ? "table" : cleaned);
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
            String candidate = base + "_" + suffix;
            if (!takenLowerCase.test(candidate.toLowerCase(Locale.ROOT))) {
                return candidate;
            }
        }
    }

    static String sanitize(String raw) {
        String normalized = Normalizer.normalize(raw, Normalizer.Form.NFKC);
        StringBuilder out = new StringBuilder();
        int kept = 0;
        for (int i = 0; i < normalized.length() && kept < MAX_CODE_POINTS; ) {
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
        return out.length() == 0 ? "table" : out.toString();
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
