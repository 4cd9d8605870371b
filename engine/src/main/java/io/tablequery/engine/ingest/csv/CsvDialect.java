package io.tablequery.engine.ingest.csv;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * How a delimited file writes its records.
 *
 * @param delimiter the field delimiter
 * @param quote the quote character: {@code "}, or {@code '} where the file quotes its fields so
 * @param initialSpace whether quoted fields follow their delimiter after spaces ({@code a, "Hi, Mom!"}): the spaces
 *     after every delimiter are then dropped, so that the quotes still quote
 * @param comments whether lines starting with {@code #} are comments, left out of the records
 * @param quotesCommon whether a tenth or more of the first lines' fields begin with the quote character: a file that
 *     quotes its fields as a rule, whose quotes are never read as text
 * @param backslashEscapes whether a backslash escapes the quote character inside quoted fields ({@code "say
 *     \"hi\""}) instead of a doubled quote
 */
record CsvDialect(
        char delimiter,
        char quote,
        boolean initialSpace,
        boolean comments,
        boolean quotesCommon,
        boolean backslashEscapes) {
    /** The quote character of a file whose quotes are text: one no file holds. */
    static final char NO_QUOTE = '\uFFFF';

    private static final int SAMPLE_LINES = 200;

    /**
     * Finds a sample's dialect: the quote character, then the delimiter that splits it best under that quote, and
     * whether {@code #} lines are comments.
     */
    static CsvDialect sniff(String sample, boolean preferTab) {
        char delimiter = DelimiterSniffer.sniff(sample, preferTab, '"');
        char quote = quote(sample, delimiter);
        if (quote != '"') {
            delimiter = DelimiterSniffer.sniff(sample, preferTab, quote);
        }
        return new CsvDialect(
                delimiter,
                quote,
                spaceBeforeQuote(sample, delimiter, quote),
                comments(sample, delimiter),
                quotedShare(sample, delimiter, quote) >= 0.1,
                backslashEscapes(sample, delimiter, quote));
    }

    /**
     * A backslash escapes quotes, as DuckDB's sniffer chooses its escape character, when the sample has {@code \"}
     * inside quoted fields and reading it so leaves fewer quoted fields whose closing quote is followed by text than
     * reading it as RFC 4180 does (where {@code "say \"hi\""} closes after {@code say \}).
     */
    private static boolean backslashEscapes(String sample, char delimiter, char quote) {
        BackslashEscapeReader.Misread plain = BackslashEscapeReader.misread(sample, delimiter, quote, false);
        if (!plain.escapedQuote() || plain.fields() == 0) {
            return false;
        }
        return BackslashEscapeReader.misread(sample, delimiter, quote, true).fields() < plain.fields();
    }

    /**
     * The same dialect with its quotes read as text.
     *
     * @return the dialect
     */
    CsvDialect withoutQuotes() {
        return new CsvDialect(delimiter, NO_QUOTE, false, comments, false, false);
    }

    /** Whether quote characters quote. */
    boolean quotes() {
        return quote != NO_QUOTE;
    }

    /**
     * Lines starting with {@code #} are comments when the sample has some, the other lines split into two or more
     * fields, and most {@code #} lines do not split as the others do (as DuckDB's sniffer tells a comment line by its
     * column count): a first column of values such as {@code #12} keeps its lines.
     */
    private static boolean comments(String sample, char delimiter) {
        Map<Integer, Integer> counts = new HashMap<>();
        List<Integer> hashed = new ArrayList<>();
        int lines = 0;
        for (String line : sample.lines().toList()) {
            if (++lines > SAMPLE_LINES) {
                break;
            }
            if (line.isBlank()) {
                continue;
            }
            int fields = line.split(Pattern.quote(String.valueOf(delimiter)), -1).length;
            if (line.startsWith("#")) {
                hashed.add(fields);
            } else {
                counts.merge(fields, 1, Integer::sum);
            }
        }
        if (hashed.isEmpty() || counts.isEmpty()) {
            return false;
        }
        int usual = counts.entrySet().stream()
                .max(Map.Entry.comparingByValue())
                .orElseThrow()
                .getKey();
        long alike = hashed.stream().filter(fields -> fields == usual).count();
        return usual >= 2 && alike * 2 < hashed.size();
    }

    /**
     * Single quotes quote when no field of the sample is in double quotes and at least a quarter of its non-empty
     * fields (split naively at the delimiter) begin and end with one; otherwise the double quote of RFC 4180.
     */
    private static char quote(String sample, char delimiter) {
        List<String> fields = fields(sample, delimiter);
        long single = fields.stream()
                .filter(value -> value.length() >= 2 && value.startsWith("'") && value.endsWith("'"))
                .count();
        boolean doubled = fields.stream().anyMatch(value -> value.startsWith("\""));
        return !doubled && single > 0 && single * 4 >= fields.size() ? '\'' : '"';
    }

    /** The share of the first lines' non-empty fields (split naively at the delimiter) that begin with the quote. */
    private static double quotedShare(String sample, char delimiter, char quote) {
        List<String> fields = fields(sample, delimiter);
        long quoted = fields.stream().filter(value -> value.charAt(0) == quote).count();
        return fields.isEmpty() ? 0 : (double) quoted / fields.size();
    }

    /** The non-empty fields of the sample's first lines, split naively at the delimiter and stripped. */
    private static List<String> fields(String sample, char delimiter) {
        return sample.lines()
                .limit(SAMPLE_LINES)
                .flatMap(line -> Arrays.stream(line.split(Pattern.quote(String.valueOf(delimiter)), -1)))
                .map(String::strip)
                .filter(value -> !value.isEmpty())
                .toList();
    }

    /** Whether a delimiter is followed by spaces and then the quote character somewhere in the sample. */
    private static boolean spaceBeforeQuote(String sample, char delimiter, char quote) {
        for (int i = sample.indexOf(delimiter); i >= 0; i = sample.indexOf(delimiter, i + 1)) {
            int j = i + 1;
            while (j < sample.length() && sample.charAt(j) == ' ') {
                j++;
            }
            if (j > i + 1 && j < sample.length() && sample.charAt(j) == quote) {
                return true;
            }
        }
        return false;
    }
}
