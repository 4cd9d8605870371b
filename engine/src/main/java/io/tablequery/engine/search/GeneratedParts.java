package io.tablequery.engine.search;

import io.tablequery.engine.catalog.ColumnInfo;
import io.tablequery.engine.catalog.TableInfo;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * The parts of names that tablequery or an exporter made rather than a person wrote, which search gives no weight:
 * numbers of one to three digits standing alone in a table's, sheet's or file's name (uniqueness suffixes such as
 * {@code _2}, the {@code 56} of {@code 204-csv_56.csv}) and in its description (which tablequery writes: the file's
 * reference, counts of rows and columns, where the header is; a title's short numbers go with them), a column named
 * for its letter because it had no header ({@code col_A}), and a column's uniqueness suffix ({@code name_2} beside
 * {@code name}). Otherwise a question's "top 10" or "1st" finds the table {@code results_10} or {@code draft_1}.
 * Years and longer codes stay, and so do numbers written into a word ({@code q1}, {@code f1}).
 */
final class GeneratedParts {
    private static final Pattern SHORT_NUMBER = Pattern.compile("(?<![\\p{L}\\p{N}])\\p{N}{1,3}(?![\\p{L}\\p{N}])");
    private static final Pattern LETTER_COLUMN = Pattern.compile("col_[A-Z]{1,3}(?:_\\d+)?");
    private static final Pattern LETTER_COLUMN_WORD =
            Pattern.compile("(?<![\\p{L}\\p{N}_])col_[A-Z]{1,3}(?:_\\d+)?(?![\\p{L}\\p{N}_])");
    private static final Pattern UNIQUENESS_SUFFIX = Pattern.compile("(.+)_\\d+");

    private GeneratedParts() {}

    /**
     * Returns a table's, sheet's or file's name, or a table's description, without its standalone short numbers and
     * the columns named for their letter it lists.
     *
     * @param name the name
     * @return the name, those numbers taken out
     */
    static String ofName(String name) {
        return SHORT_NUMBER
                .matcher(LETTER_COLUMN_WORD.matcher(name).replaceAll(" "))
                .replaceAll(" ")
                .strip();
    }

    /**
     * Returns a table's column names as search reads them: without the columns named for their letter, and each
     * uniqueness suffix taken off.
     *
     * @param table the table
     * @return the names, in the table's order; a letter-named column's is empty
     */
    static List<String> columnNames(TableInfo table) {
        Set<String> names = table.columns().stream()
                .map(column -> column.name().toLowerCase(Locale.ROOT))
                .collect(Collectors.toSet());
        return table.columns().stream()
                .map(ColumnInfo::name)
                .map(name -> ofColumn(name, names))
                .toList();
    }

    private static String ofColumn(String name, Set<String> lowerCaseNames) {
        if (LETTER_COLUMN.matcher(name).matches()) {
            return "";
        }
        var suffixed = UNIQUENESS_SUFFIX.matcher(name);
        if (suffixed.matches() && lowerCaseNames.contains(suffixed.group(1).toLowerCase(Locale.ROOT))) {
            return suffixed.group(1);
        }
        return name;
    }
}
