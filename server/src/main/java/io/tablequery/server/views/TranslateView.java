package io.tablequery.server.views;

import io.tablequery.dialects.translate.ColumnSchema;
import io.tablequery.dialects.translate.Translation;
import java.util.List;
import java.util.Locale;

/**
 * The answer of translate.
 *
 * @param translated whether the statement translates
 * @param sql the DuckDB SQL, or null
 * @param columns the columns it returns, with SQLite's storage class of their values, or empty
 * @param reason why it does not translate, or null
 * @param text the SQL, or {@code untranslatable: <reason>}, with a final newline
 */
public record TranslateView(boolean translated, String sql, List<Column> columns, String reason, String text) {
    /**
     * A result column.
     *
     * @param name its name, as SQLite names it
     * @param type {@code integer}, {@code real}, {@code text}, {@code blob}, {@code null} or {@code mixed}
     */
    public record Column(String name, String type) {}

    /**
     * Shows a translation.
     *
     * @param translation the translation
     * @return its view
     */
    public static TranslateView of(Translation translation) {
        if (translation instanceof Translation.Translated translated) {
            List<Column> columns =
                    translated.columns().stream().map(TranslateView::column).toList();
            return new TranslateView(true, translated.sql(), columns, null, translated.sql() + "\n");
        }
        String reason = ((Translation.Untranslatable) translation).reason();
        return new TranslateView(false, null, List.of(), reason, "untranslatable: " + reason + "\n");
    }

    private static Column column(ColumnSchema column) {
        String type = column.type().name().toLowerCase(Locale.ROOT);
        return new Column(column.name(), type.equals("boolean") ? "integer" : type);
    }
}
