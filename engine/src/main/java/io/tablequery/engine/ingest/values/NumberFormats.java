package io.tablequery.engine.ingest.values;

import io.tablequery.engine.ingest.NumberFormatKind;
import java.util.Locale;

/**
 * Tells from a spreadsheet number format whether a number is shown as a date, a date and time, a time, a duration,
 * a percentage, or a plain number.
 */
public final class NumberFormats {
    private NumberFormats() {}

    /**
     * Classifies a format.
     *
     * @param formatIndex the built-in format index (14 to 22 and 45 to 47 are dates and times)
     * @param formatString the format string, or null for a built-in format without one
     * @return the kind of display
     */
    public static NumberFormatKind classify(int formatIndex, String formatString) {
        if (formatString == null || formatString.isEmpty() || formatString.equalsIgnoreCase("General")) {
            return builtIn(formatIndex);
        }
        String section = firstSection(formatString);
        boolean date = false;
        boolean time = false;
        boolean elapsed = false;
        boolean percent = false;
        boolean inQuotes = false;
        for (int i = 0; i < section.length(); i++) {
            char c = section.charAt(i);
            if (inQuotes) {
                inQuotes = c != '"';
                continue;
            }
            switch (c) {
                case '"' -> inQuotes = true;
                case '\\', '_', '*' -> i++;
                case '[' -> {
                    int close = section.indexOf(']', i);
                    if (close < 0) {
                        return NumberFormatKind.GENERAL;
                    }
                    String bracket = section.substring(i + 1, close).toLowerCase(Locale.ROOT);
                    if (!bracket.isEmpty() && bracket.chars().allMatch(ch -> ch == 'h' || ch == 'm' || ch == 's')) {
                        elapsed = true;
                    } else if (bracket.startsWith("$-")) {
                        // A locale tag; its last four hex digits F800 and F400 ask for the system's long date and
                        // time formats, every other tag only sets the language.
                        date |= bracket.endsWith("f800");
                        time |= bracket.endsWith("f400");
                    }
                    i = close;
                }
                case 'g', 'G' -> {
                    if (section.regionMatches(true, i, "General", 0, "General".length())) {
                        i += "General".length() - 1;
                    }
                }
                case 'e' -> {
                    boolean exponent =
                            i + 1 < section.length() && (section.charAt(i + 1) == '+' || section.charAt(i + 1) == '-');
                    date |= !exponent;
                }
                case 'y', 'Y', 'd', 'D' -> date = true;
                case 'h', 'H', 's', 'S' -> time = true;
                case 'a', 'A' -> {
                    String rest = section.substring(i).toUpperCase(Locale.ROOT);
                    if (rest.startsWith("AM/PM") || rest.startsWith("A/P")) {
                        time = true;
                    }
                }
                case '%' -> percent = true;
                default -> {}
            }
        }
        if (elapsed) {
            return NumberFormatKind.DURATION;
        }
        if (date && time) {
            return NumberFormatKind.DATETIME;
        }
        if (date) {
            return NumberFormatKind.DATE;
        }
        if (time) {
            return NumberFormatKind.TIME;
        }
        if (section.toLowerCase(Locale.ROOT).replaceAll("\"[^\"]*\"", "").matches(".*\\bm{1,5}\\b.*")
                && !section.contains("0")
                && !section.contains("#")) {
            return NumberFormatKind.DATE;
        }
        return percent ? NumberFormatKind.PERCENT : NumberFormatKind.GENERAL;
    }

    private static NumberFormatKind builtIn(int formatIndex) {
        // 27-36 and 50-58 are the East Asian locales' built-in date and time formats (ECMA-376 18.8.30).
        return switch (formatIndex) {
            case 14, 15, 16, 17, 27, 28, 29, 30, 31, 36, 50, 51, 52, 53, 54, 57, 58 -> NumberFormatKind.DATE;
            case 18, 19, 20, 21, 32, 33, 34, 35, 55, 56 -> NumberFormatKind.TIME;
            case 22 -> NumberFormatKind.DATETIME;
            case 45, 47 -> NumberFormatKind.TIME;
            case 46 -> NumberFormatKind.DURATION;
            case 9, 10 -> NumberFormatKind.PERCENT;
            default -> NumberFormatKind.GENERAL;
        };
    }

    private static String firstSection(String format) {
        boolean inQuotes = false;
        for (int i = 0; i < format.length(); i++) {
            char c = format.charAt(i);
            if (c == '"') {
                inQuotes = !inQuotes;
            } else if (c == '\\') {
                i++;
            } else if (c == ';' && !inQuotes) {
                return format.substring(0, i);
            }
        }
        return format;
    }
}
