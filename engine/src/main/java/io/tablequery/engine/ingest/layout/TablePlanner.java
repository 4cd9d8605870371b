package io.tablequery.engine.ingest.layout;

import io.tablequery.dialects.SqliteAffinity;
import io.tablequery.dialects.SqliteRowid;
import io.tablequery.engine.catalog.ColumnType;
import io.tablequery.engine.ingest.CellAddress;
import io.tablequery.engine.ingest.SheetSource;
import io.tablequery.engine.ingest.SourceKind;
import io.tablequery.engine.ingest.values.ColumnStats;
import io.tablequery.engine.ingest.values.TypeInference;
import java.util.ArrayList;
import java.util.List;

/**
 * Decides a sheet's columns from its layout and the statistics of its data: every column with a header or with data
 * is kept (in a spreadsheet a column with neither is spacing; a delimited file keeps one between other columns, as
 * its delimiters make it), named by its header or, without one, {@code col_<letter>}; names are made unique; types
 * come from {@link TypeInference}.
 */
public final class TablePlanner {
    private TablePlanner() {}

    /** Plans a table's columns, their names and types, from its layout and the statistics of all its rows. */
    public static TablePlan plan(Layout layout, List<ColumnStats> stats, SheetSource sheet) {
        boolean database = !sheet.knownColumns().isEmpty();
        int last = Math.max(
                Math.max(stats.size(), sheet.knownColumns().size()) - 1,
                layout.headerNames().keySet().stream()
                        .mapToInt(Integer::intValue)
                        .max()
                        .orElse(-1));
        int lastUsed = -1;
        for (int c = 0; c <= last; c++) {
            if (layout.headerNames().get(c) != null
                    || c < stats.size() && stats.get(c) != null && !stats.get(c).isEmpty()) {
                lastUsed = c;
            }
        }
        boolean delimited = sheet.kind() == SourceKind.DELIMITED;
        ColumnNames names = new ColumnNames();
        List<ColumnPlan> columns = new ArrayList<>();
        List<String> notes = new ArrayList<>();
        for (int c = 0; c <= last; c++) {
            String header = layout.headerNames().get(c);
            ColumnStats columnStats = c < stats.size() && stats.get(c) != null ? stats.get(c) : new ColumnStats();
            boolean empty = header == null && columnStats.isEmpty();
            if (empty && !database && !(delimited && c < lastUsed)) {
                continue;
            }
            String label = database ? sheet.knownColumns().get(c).name() : CellAddress.columnLetters(c);
            String base = header == null || header.isEmpty() ? "col_" + label : header;
            String name = names.unique(base);
            if (empty && !database) {
                notes.add("column %s has neither a header nor a value; kept, as the file has it, and named %s"
                        .formatted(label, name));
            } else if (!database
                    && (header == null || header.isEmpty())
                    && !layout.headerRows().isEmpty()) {
                notes.add("column %s has no header; named %s".formatted(label, name));
            } else if (SqliteRowid.isRowidName(base)) {
                notes.add("column %s is named '%s', which SQLite keeps for the row id (each row's provenance); named %s"
                        .formatted(label, base, name));
            } else if (!name.equals(base)) {
                notes.add("column %s repeats the name '%s'; named %s".formatted(label, base, name));
            }
            String declared = database ? sheet.knownColumns().get(c).declaredType() : null;
            TypeInference.Decision decision =
                    database ? TypeInference.decideDeclared(columnStats, declared) : TypeInference.decide(columnStats);
            if (decision.type() == ColumnType.TEXT && columnStats.orderDependentDates() > 0) {
                notes.add("column %s holds dates like 03/04/2024 whose day/month order its values do not settle; kept"
                                .formatted(name)
                        + " as text");
            }
            String sqliteType = database
                    ? SqliteAffinity.safeTypeName(declared)
                    : decision.type().sqliteType();
            columns.add(new ColumnPlan(c, name, decision.type(), decision.dateOrder(), label, sqliteType));
        }
        return new TablePlan(columns, notes);
    }
}
