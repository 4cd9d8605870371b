package io.tablequery.engine.exec;

import io.tablequery.dialects.lex.SqlTokenKind;
import io.tablequery.dialects.lex.SqliteLexer;
import io.tablequery.engine.catalog.CatalogSnapshot;
import io.tablequery.engine.catalog.ColumnInfo;
import io.tablequery.engine.catalog.NameSuggestions;
import io.tablequery.engine.catalog.TableInfo;
import io.tablequery.engine.error.EngineException;
import io.tablequery.engine.plan.PlanErrorCode;
import io.tablequery.engine.plan.PlanStep;
import io.tablequery.engine.plan.SkillNames;
import io.tablequery.engine.plan.ValidatedStep;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Turns an engine's refusal of a step into an error that names the step, quotes the engine and, where it can,
 * suggests the fix: the real column names for an unknown column, the nearest table for an unknown table.
 */
final class StepFailures {
    private static final Pattern NO_SUCH_COLUMN = Pattern.compile("no such column: (.+)$");
    private static final Pattern NO_SUCH_TABLE = Pattern.compile("no such table: (.+)$");
    private static final Pattern SQLITE_PREFIX = Pattern.compile("^\\[SQLITE_[A-Z_]+]\\s*[^(]*\\((.*)\\)$");

    private StepFailures() {}

    /**
     * Builds the error for a failed step.
     *
     * @param step the step
     * @param engineMessage the engine's message
     * @param catalog the workspace's tables
     * @param stepColumns the columns of the steps that ran before, by table name
     * @param strict whether the message comes from compiling the step with double-quoted names requoted, where an
     *     unknown name fails instead of becoming a string
     * @return the error
     */
    static EngineException failed(
            ValidatedStep validated,
            String engineMessage,
            CatalogSnapshot catalog,
            Map<String, List<String>> stepColumns,
            boolean strict,
            SkillNames callers) {
        PlanStep step = validated.step();
        String message = plain(engineMessage);
        StringBuilder text =
                new StringBuilder("step %d (%s) failed: %s.".formatted(step.step(), step.destineTableName(), message));
        Matcher column = NO_SUCH_COLUMN.matcher(message);
        Matcher table = NO_SUCH_TABLE.matcher(message);
        if (column.find()) {
            text.append(columnHint(column.group(1), validated.reads(), catalog, stepColumns));
            if (strict && isDoubleQuoted(step.sql(), unqualified(column.group(1)))) {
                text.append(" (A double-quoted name is a column; SQLite would otherwise read \"%s\" as the text '%s'"
                                .formatted(unqualified(column.group(1)), unqualified(column.group(1)))
                        + " without an error. Write text values in single quotes.)");
            }
        } else if (table.find()) {
            List<String> names = new ArrayList<>(
                    catalog.tables().stream().map(TableInfo::name).toList());
            names.addAll(stepColumns.keySet());
            String hint = NameSuggestions.hint(unqualified(table.group(1)), names);
            text.append(hint.isEmpty() ? " Find tables with %s.".formatted(callers.searchTables()) : hint);
        } else if (message.contains("ambiguous column name")) {
            text.append(" Qualify the column with its table or alias: \"t\".\"column\".");
        } else if (message.contains("syntax error")) {
            text.append(" Check quoting: identifiers in double quotes, strings in single quotes ('' inside).");
        }
        return new EngineException(PlanErrorCode.STEP_FAILED, text.toString(), null, Map.of("step", step.step()));
    }

    private static String columnHint(
            String missing, List<String> reads, CatalogSnapshot catalog, Map<String, List<String>> stepColumns) {
        String name = unqualified(missing);
        Map<String, List<String>> columns = new LinkedHashMap<>();
        for (String source : reads) {
            catalog.table(source)
                    .ifPresentOrElse(
                            table -> columns.put(
                                    table.name(),
                                    table.columns().stream()
                                            .map(ColumnInfo::name)
                                            .toList()),
                            () -> stepColumns.entrySet().stream()
                                    .filter(entry -> entry.getKey().equalsIgnoreCase(source))
                                    .findFirst()
                                    .ifPresent(entry -> columns.put(entry.getKey(), entry.getValue())));
        }
        if (columns.isEmpty()) {
            return "";
        }
        StringBuilder hint = new StringBuilder();
        List<String> all = columns.values().stream().flatMap(List::stream).toList();
        hint.append(NameSuggestions.hint(name, all));
        columns.forEach((table, names) -> hint.append(" Columns of \"%s\": %s."
                .formatted(
                        table,
                        String.join(", ", names.stream().map(n -> '"' + n + '"').toList()))));
        return hint.toString();
    }

    private static boolean isDoubleQuoted(String sql, String name) {
        return SqliteLexer.tokenize(sql).stream()
                .anyMatch(token -> token.kind() == SqlTokenKind.QUOTED_IDENTIFIER
                        && token.text().startsWith("\"")
                        && token.name().equals(name));
    }

    /** Drops sqlite-jdbc's {@code [SQLITE_ERROR] SQL error or missing database (...)} wrapping. */
    static String plain(String engineMessage) {
        String message = engineMessage == null ? "unknown error" : engineMessage.strip();
        Matcher matcher = SQLITE_PREFIX.matcher(message);
        return matcher.matches() ? matcher.group(1) : message;
    }

    private static String unqualified(String name) {
        int dot = name.lastIndexOf('.');
        String last = dot >= 0 ? name.substring(dot + 1) : name;
        return last.replace("\"", "");
    }
}
