package io.tablequery.engine.plan;

import static org.assertj.core.api.Assertions.assertThat;

import io.tablequery.dialects.sql.FromItem;
import io.tablequery.dialects.sql.Query;
import io.tablequery.dialects.sql.SqliteStatement;
import io.tablequery.engine.catalog.CatalogSnapshot;
import io.tablequery.engine.workspace.Workspace;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Which sources of a join name each of their rows in at most one joined row, from real tables' profiles. */
class JoinFanoutTest {
    @TempDir
    static Path dir;

    static Workspace workspace;

    @BeforeAll
    static void ingest() throws IOException {
        workspace = Workspace.open(dir.resolve("ws"));
        write("customers.csv", "id,name,region,code\n1,Ana,10,a\n2,Bo,20,b\n3,Cy,10,c\n4,Di,,d\n");
        write("orders.csv", "id,customer,label,amount\n1,1,a,5\n2,1,b,6\n3,2,c,7\n4,3,x,8\n5,,a,9\n");
        write("regions.csv", "id,name\n10,Europe\n20,Asia\n");
        write("labels.csv", "label,text\na,one\nb,two\n1,three\n");
    }

    private static void write(String name, String text) throws IOException {
        Path file = dir.resolve(name);
        Files.writeString(file, text);
        workspace.ingest(file);
    }

    @AfterAll
    static void close() {
        workspace.close();
    }

    @Test
    void aRowJoinedOnlyThroughColumnsThatHoldNoValueTwiceIsInOneJoinedRow() {
        assertThat(once("SELECT count(*) FROM orders o JOIN customers c ON c.id = o.customer GROUP BY c.name"))
                .containsExactly(true, false);
        assertThat(once("SELECT count(*) FROM orders o, customers c WHERE o.amount > 5 AND (o.customer = c.id)"))
                .as("an equality of WHERE, either way round")
                .containsExactly(true, false);
        assertThat(once("SELECT count(*) FROM customers c LEFT JOIN orders o ON c.id = o.customer"))
                .as("an outer join: a customer joins several orders, an order one customer")
                .containsExactly(false, true);
        assertThat(once("SELECT count(*) FROM orders o JOIN customers c ON c.id = o.customer JOIN regions r"
                        + " ON r.id = c.region"))
                .as("reached through another source")
                .containsExactly(true, false, false);
        assertThat(once("SELECT count(*) FROM orders o JOIN customers c ON c.id = o.customer OR c.id = o.amount"))
                .as("an equality under OR")
                .containsExactly(false, false);
        assertThat(once("SELECT count(*) FROM customers c JOIN regions r ON r.id = c.region"))
                .as("a column that holds a value twice on the other side")
                .containsExactly(true, false);
        assertThat(once("SELECT count(*) FROM orders o JOIN labels l ON l.label = o.id"))
                .as("a text column and a number column: SQLite's = converts")
                .containsExactly(false, false);
        assertThat(once("SELECT count(*) FROM orders o JOIN labels l ON l.label = o.label"))
                .containsExactly(true, false);
        assertThat(once("SELECT count(*) FROM orders o JOIN (SELECT id FROM customers) c ON c.id = o.customer"))
                .as("a subquery, whose rows no profile counts")
                .containsExactly(false, false);
    }

    /** Whether each source of the query's FROM is read once, in FROM's order. */
    private static List<Boolean> once(String sql) {
        CatalogSnapshot catalog = workspace.catalog();
        Query.Select select =
                (Query.Select) ((SqliteStatement.Tree) SqliteStatement.of(sql).parse())
                        .statement()
                        .query()
                        .body();
        List<JoinFanout.Source> sources = new ArrayList<>();
        sources(select.from(), catalog, sources);
        JoinFanout fanout = JoinFanout.of(select, sources, catalog);
        List<Boolean> once = new ArrayList<>();
        for (int i = 0; i < sources.size(); i++) {
            once.add(fanout.once(i));
        }
        return once;
    }

    private static void sources(FromItem from, CatalogSnapshot catalog, List<JoinFanout.Source> sources) {
        if (from instanceof FromItem.Join join) {
            sources(join.left(), catalog, sources);
            sources(join.right(), catalog, sources);
        } else if (from instanceof FromItem.Table table) {
            sources.add(new JoinFanout.Source(
                    table.alias(), catalog.table(table.name()).orElseThrow()));
        } else {
            sources.add(new JoinFanout.Source(((FromItem.Derived) from).alias(), null));
        }
    }
}
