package io.tablequery.engine.skill;

import io.tablequery.dialects.SqlIdentifiers;
import io.tablequery.engine.catalog.ColumnInfo;
import io.tablequery.engine.catalog.ColumnProfile;
import io.tablequery.engine.catalog.ColumnType;
import io.tablequery.engine.catalog.TableInfo;
import io.tablequery.engine.joins.TableJoin;
import io.tablequery.engine.result.CellText;
import io.tablequery.engine.result.CsvText;
import java.util.ArrayList;
import java.util.List;
import java.util.StringJoiner;

/** Writes get-schemas results as the text agents read. */
public final class SchemaText {
    /** Columns with at most this many distinct values, each repeated, list their values. */
    static final int ENUM_LIMIT = 20;

    private static final int BOUND_MAX = 60;

    private SchemaText() {}

    /**
     * Formats the schemas of several tables.
     *
     * @param schemas the tables
     * @return the agent text
     */
    public static String format(List<TableSchema> schemas) {
        StringBuilder out = new StringBuilder();
        for (TableSchema schema : schemas) {
            if (out.length() > 0) {
                out.append('\n');
            }
            append(out, schema);
        }
        return out.toString();
    }

    private static void append(StringBuilder out, TableSchema schema) {
        TableInfo table = schema.table();
        out.append("Table %s (%s %s, sheet %d \"%s\"; %s)\n"
                .formatted(
                        SqlIdentifiers.quote(table.name()),
                        "F" + table.fileNumber(),
                        schema.fileName(),
                        table.sheetNumber(),
                        table.sheetName(),
                        RunSqlText.rows(table.rowCount())));
        out.append("Description: ").append(table.description().strip()).append('\n');
        out.append(schema.createTable()).append('\n');
        out.append("Sample rows (%d of %,d, picked to show different values; your SQL must scan the whole table):\n"
                .formatted(schema.sampleRows().size(), table.rowCount()));
        List<String> header = table.columns().stream().map(ColumnInfo::name).toList();
        CsvText.appendRecord(out, header);
        schema.sampleRows().forEach(row -> CsvText.appendRecord(out, row));
        out.append("Columns:\n");
        for (int i = 0; i < table.columns().size(); i++) {
            ColumnInfo column = table.columns().get(i);
            ColumnProfile profile =
                    i < schema.profiles().size() ? schema.profiles().get(i) : null;
            out.append("- ")
                    .append(SqlIdentifiers.quote(column.name()))
                    .append(' ')
                    .append(typeNote(column.type(), schema.declaredTypes().get(i)));
            if (profile != null) {
                out.append(": ").append(profileLine(column.type(), profile, table.rowCount()));
            }
            out.append('\n');
        }
        if (!schema.joins().isEmpty()) {
            out.append("Joins:\n");
            for (TableJoin join : schema.joins()) {
                out.append("- ").append(JoinText.describe(join, table.name())).append('\n');
            }
        }
    }

    private static String typeNote(ColumnType type, String declared) {
        String name = declared.isEmpty() ? "(no type)" : declared;
        return switch (type) {
            case DATE -> name + " (a date as text 'YYYY-MM-DD')";
            case TIMESTAMP -> name + " (a timestamp as text 'YYYY-MM-DD HH:MM:SS')";
            case BOOLEAN -> name + " (a boolean: 1 or 0)";
            default -> name;
        };
    }

    private static String profileLine(ColumnType type, ColumnProfile profile, long rowCount) {
        List<String> parts = new ArrayList<>();
        parts.add("%,d null".formatted(profile.nullCount()));
        parts.add("%,d distinct".formatted(profile.distinctCount()));
        if (profile.min() != null) {
            parts.add("min " + literal(type, CellText.cut(profile.min(), BOUND_MAX, CellText.CUT_MARK)));
            parts.add("max " + literal(type, CellText.cut(profile.max(), BOUND_MAX, CellText.CUT_MARK)));
        }
        String line = String.join(", ", parts);
        boolean enumLike = !profile.values().isEmpty()
                && profile.distinctCount() <= ENUM_LIMIT
                && profile.distinctCount() * 2 <= rowCount - profile.nullCount();
        if (enumLike) {
            StringJoiner values = new StringJoiner(", ", "; values: ", "");
            profile.values().forEach(value -> values.add(literal(type, value)));
            line += values;
        }
        return line;
    }

    private static String literal(ColumnType type, String value) {
        return switch (type) {
            case INTEGER, REAL, BOOLEAN -> value;
            default -> SqlIdentifiers.literal(value);
        };
    }
}
