package io.tablequery.engine.catalog;

import io.tablequery.dialects.lex.SqlToken;
import io.tablequery.dialects.lex.SqlTokenKind;
import io.tablequery.dialects.lex.SqliteLexer;
import java.util.HashSet;
import java.util.Set;

/**
 * How many stored rows a request's texts name: every table whose name a text spells, whole (an argument such as
 * {@code tableName}) or as a name token of its SQL (a bare word, a quoted identifier, or a string, which DuckDB's
 * {@code FROM 'events'} and SQLite's lenient quoting both accept), counted once. It is an estimate of the work a query
 * will do, before any engine sees it: a server uses it to keep queries over large tables from filling every slot,
 * not to refuse anything. A name that only looks like a table (a column or alias of the same name) is counted too,
 * which errs toward calling a query large.
 */
public final class NamedRows {
    private final CatalogSnapshot catalog;
    private final Set<String> counted = new HashSet<>();
    private long rows;

    private NamedRows(CatalogSnapshot catalog) {
        this.catalog = catalog;
    }

    /**
     * Sums the rows of the tables the texts name.
     *
     * @param catalog the tables
     * @param texts SQL or table names
     * @return the rows of every table named, each counted once
     */
    public static long in(CatalogSnapshot catalog, Iterable<String> texts) {
        NamedRows named = new NamedRows(catalog);
        for (String text : texts) {
            named.count(text.strip());
            for (SqlToken token : SqliteLexer.tokenize(text)) {
                if (token.isName()) {
                    named.count(token.name());
                } else if (token.kind() == SqlTokenKind.STRING && token.text().length() >= 2) {
                    named.count(token.text().substring(1, token.text().length() - 1));
                }
            }
        }
        return named.rows;
    }

    private void count(String name) {
        catalog.table(name).ifPresent(table -> {
            if (counted.add(table.name())) {
                rows += table.rowCount();
            }
        });
    }
}
