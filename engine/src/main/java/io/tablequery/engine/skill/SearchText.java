package io.tablequery.engine.skill;

import io.tablequery.dialects.SqlIdentifiers;
import io.tablequery.engine.catalog.ColumnInfo;
import io.tablequery.engine.catalog.TableInfo;
import io.tablequery.engine.joins.TableJoin;
import io.tablequery.engine.plan.SkillNames;
import io.tablequery.engine.result.CellText;
import io.tablequery.engine.search.MatchedTerm;
import io.tablequery.engine.search.SearchResult;
import io.tablequery.engine.search.TableHit;
import io.tablequery.engine.search.TableSet;
import java.util.Locale;
import java.util.StringJoiner;

/** Writes search-tables results as the compact text agents read. */
public final class SearchText {
    private static final int MAX_COLUMNS_SHOWN = 30;
    private static final int SIMILAR_SHOWN = 160;

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
            out.append("No table matches \"%s\". Try other words or synonyms, or use the document tool."
                            .formatted(result.query()))
                    .append('\n');
            if (result.unreadMeanings() > 0) {
                out.append(unread(result.unreadMeanings()));
            }
            return out.toString();
        }
        out.append("%d table%s for \"%s\" (best first; %s shows their columns and sample rows):\n"
                .formatted(
                        result.hits().size(),
                        result.hits().size() == 1 ? "" : "s",
                        result.query(),
                        names.getSchemas()));
        if (result.set() != null) {
            out.append(together(result.set()));
        }
        int rank = 1;
        for (TableHit hit : result.hits()) {
            TableInfo table = hit.table();
            String standing =
                    hit.relevance() == null && !hit.joins().isEmpty() ? partnerOf(hit) + evidence(hit) : standing(hit);
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
            if (hit.sameLayout() > 0) {
                out.append("   same columns as %d other table%s: its file, sheet and values tell it apart\n"
                        .formatted(hit.sameLayout(), hit.sameLayout() == 1 ? "" : "s"));
            }
            for (TableJoin join : hit.joins()) {
                out.append("   joins ")
                        .append(JoinText.describe(join, table.name()))
                        .append('\n');
            }
            if (hit.similarTo() != null) {
                out.append("   similar in meaning to: ")
                        .append(CellText.cut(hit.similarTo(), SIMILAR_SHOWN, CellText.CUT_MARK))
                        .append('\n');
            }
            if (!hit.matched().isEmpty()) {
                StringJoiner matched = new StringJoiner("; ", "   matched: ", "");
                for (MatchedTerm term : hit.matched()) {
                    matched.add(term.term() + " (" + where(term) + ")");
                }
                out.append(matched).append('\n');
            }
        }
        if (result.unreadMeanings() > 0) {
            out.append("\n").append(unread(result.unreadMeanings()));
        }
        return out.toString();
    }

    /** Where a word matched; for values, the values it matched: {@code values: "city" = 'Shanghai'}. */
    private static String where(MatchedTerm term) {
        StringJoiner where = new StringJoiner(", ");
        for (String field : term.fields()) {
            if (field.equals("values") && !term.values().isEmpty()) {
                StringJoiner values = new StringJoiner(", ", "values: ", "");
                term.values()
                        .forEach(value -> values.add(SqlIdentifiers.quote(value.column()) + " = "
                                + SqlIdentifiers.literal(value.value().replace('\0', '\uFFFD'))));
                where.add(values.toString());
            } else {
                where.add(field);
            }
        }
        return where.toString();
    }

    /** The tables that together cover the question, and how they join. */
    private static String together(TableSet set) {
        StringJoiner tables = new StringJoiner(", ");
        set.tables().forEach(name -> tables.add(SqlIdentifiers.quote(name)));
        StringJoiner conditions = new StringJoiner(" AND ");
        set.joins().forEach(join -> conditions.add(join.condition()));
        return "Together %s match %s; join them ON %s. They come first.\n"
                .formatted(tables, String.join(", ", set.words()), conditions);
    }

    /** What a table listed for its joins follows: the table it joins. */
    private static String partnerOf(TableHit hit) {
        return "join partner of "
                + SqlIdentifiers.quote(hit.joins().get(0).partnerOf(hit.table().name()));
    }

    /**
     * Where a table stands: its relevance, which falls (or stays) down the list, and the evidence behind it, the score
     * of its words (BM25) and the similarity of its meaning (a cosine), each when it has one.
     */
    private static String standing(TableHit hit) {
        double relevance = hit.relevance() == null ? 0 : hit.relevance();
        return String.format(Locale.ROOT, "relevance %.2f", relevance) + evidence(hit);
    }

    /** The score of a table's words (BM25) and the similarity of its meaning (a cosine), each when it has one. */
    private static String evidence(TableHit hit) {
        StringJoiner evidence = new StringJoiner("; ", " (", ")").setEmptyValue("");
        if (hit.score() > 0) {
            evidence.add(String.format(Locale.ROOT, "words %.2f", hit.score()));
        }
        if (hit.similarity() != null) {
            evidence.add(String.format(Locale.ROOT, "meaning %.2f", hit.similarity()));
        }
        return evidence.toString();
    }

    private static String unread(int tables) {
        return "(%,d table%s not yet read for meaning, found by %s words only until then)\n"
                .formatted(tables, tables == 1 ? "" : "s", tables == 1 ? "its" : "their");
    }
}
