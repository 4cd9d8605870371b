package io.tablequery.engine.skill;

import io.tablequery.dialects.SqlIdentifiers;
import io.tablequery.engine.catalog.ColumnInfo;
import io.tablequery.engine.catalog.TableInfo;
import io.tablequery.engine.joins.TableJoin;
import io.tablequery.engine.plan.SkillNames;
import io.tablequery.engine.search.MatchedTerm;
import io.tablequery.engine.search.SearchResult;
import io.tablequery.engine.search.TableHit;
import java.util.Locale;
import java.util.StringJoiner;

/** Writes search-tables results as the compact text agents read. */
public final class SearchText {
    private static final int MAX_COLUMNS_SHOWN = 30;

    private SearchText() {}

    /**
     * Formats a search result.
     *
     * @param result the result
     * @param names how the caller names the tools
     * @return the agent text
     */
    public static String format(SearchResult result, SkillNames names) {
        StringBuilder out = new StringBuilder();
        if (result.hits().isEmpty()) {
            return out.append("No table matches \"%s\". Try other words or synonyms, or use the document tool."
                            .formatted(result.query()))
                    .append('\n')
                    .toString();
        }
        out.append("%d table%s for \"%s\" (best first; %s shows their columns and sample rows):\n"
                .formatted(
                        result.hits().size(),
                        result.hits().size() == 1 ? "" : "s",
                        result.query(),
                        names.getSchemas()));
        int rank = 1;
        for (TableHit hit : result.hits()) {
            TableInfo table = hit.table();
            String standing = hit.matched().isEmpty() && !hit.joins().isEmpty()
                    ? "join partner of "
                            + SqlIdentifiers.quote(hit.joins().get(0).partnerOf(table.name()))
                    : "score " + String.format(Locale.ROOT, "%.2f", hit.score());
            out.append('\n').append("%d. %s  %s\n".formatted(rank++, SqlIdentifiers.quote(table.name()), standing));
            out.append("   file F%d %s, sheet %d \"%s\", %s\n"
                    .formatted(
                            table.fileNumber(),
                            hit.fileName(),
                            table.sheetNumber(),
                            table.sheetName(),
                            RunSqlText.rows(table.rowCount())));
            StringJoiner columns = new StringJoiner(", ", "   columns: ", "");
            table.columns().stream()
                    .limit(MAX_COLUMNS_SHOWN)
                    .map(ColumnInfo::name)
                    .forEach(columns::add);
            if (table.columns().size() > MAX_COLUMNS_SHOWN) {
                columns.add("... (%d in all)".formatted(table.columns().size()));
            }
            out.append(columns).append('\n');
            if (!table.layoutWarnings().isEmpty()) {
                out.append("   layout uncertain: %s; look at its rows before trusting an aggregate\n"
                        .formatted(String.join("; ", table.layoutWarnings())));
            }
            for (TableJoin join : hit.joins()) {
                out.append("   joins %s on %s (%s)\n"
                        .formatted(
                                SqlIdentifiers.quote(join.partnerOf(table.name())),
                                join.condition(),
                                JoinText.kind(join.kind())));
            }
            if (!hit.matched().isEmpty()) {
                StringJoiner matched = new StringJoiner("; ", "   matched: ", "");
                for (MatchedTerm term : hit.matched()) {
                    matched.add(term.term() + " (" + String.join(", ", term.fields()) + ")");
                }
                out.append(matched).append('\n');
            }
        }
        return out.toString();
    }
}
