package io.tablequery.engine.catalog;

import io.tablequery.engine.error.EngineException;
import java.util.regex.Pattern;

/** Formats and parses file references such as {@code F3}. */
public final class FileRefs {
    private static final Pattern REF = Pattern.compile("[Ff]?([1-9][0-9]{0,8})");

    private FileRefs() {}

    /**
     * Formats a file number as a reference.
     *
     * @param number the F-number
     * @return {@code F<number>}
     */
    public static String format(int number) {
        return appendTo(new StringBuilder(11), number).toString();
    }

    /**
     * Writes a file number as a reference, as {@link #format} does.
     *
     * @param out where to write
     * @param number the F-number
     * @return {@code out}
     */
    public static StringBuilder appendTo(StringBuilder out, int number) {
        return out.append('F').append(number);
    }

    /**
     * Parses {@code F3}, {@code f3} or {@code 3}.
     *
     * @param ref the reference text
     * @return the file number
     * @throws EngineException with {@code INVALID_FILE_REF} when the text is not a reference
     */
    public static int parse(String ref) {
        var matcher = REF.matcher(ref == null ? "" : ref.strip());
        if (!matcher.matches()) {
            throw new EngineException(
                    CatalogErrorCode.INVALID_FILE_REF,
                    "'%s' is not a file reference; use the F-number shown by the file list, for example F3"
                            .formatted(ref));
        }
        return Integer.parseInt(matcher.group(1));
    }
}
