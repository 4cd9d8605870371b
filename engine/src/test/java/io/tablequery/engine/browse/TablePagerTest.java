package io.tablequery.engine.browse;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tablequery.engine.error.EngineException;
import io.tablequery.engine.workspace.Workspace;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Pages of a table by row number: first, after, before, at, last, and the edges of each. */
class TablePagerTest {
    @TempDir
    Path dir;

    @Test
    void pagesForwardAndBackByRowNumberWithTheirCitations() throws Exception {
        Path csv = dir.resolve("items.csv");
        try (Writer out = Files.newBufferedWriter(csv)) {
            out.write("n,name\n");
            for (int i = 1; i <= 25; i++) {
                out.write(i + ",item " + i + "\n");
            }
        }
        try (Workspace workspace = Workspace.open(dir.resolve("ws"))) {
            workspace.ingest(csv);
            TablePage first = TablePager.page(workspace, "ITEMS", PagePosition.FIRST, 10);
            assertThat(first.rows())
                    .extracting(TablePage.PageRow::row)
                    .containsExactly(2L, 3L, 4L, 5L, 6L, 7L, 8L, 9L, 10L, 11L);
            assertThat(first.rows().get(0).citation()).isEqualTo("F1S1R2");
            assertThat(first.rows().get(0).values()).containsExactly(1, "item 1");
            assertThat(first.hasBefore()).isFalse();
            assertThat(first.hasAfter()).isTrue();
            assertThat(first.totalRows()).isEqualTo(25);

            TablePage next = TablePager.page(workspace, "items", PagePosition.of("11", null, null, false), 10);
            assertThat(next.rows().get(0).row()).isEqualTo(12);
            assertThat(next.hasBefore()).isTrue();

            TablePage last = TablePager.page(workspace, "items", PagePosition.of(null, null, null, true), 10);
            assertThat(last.rows())
                    .extracting(TablePage.PageRow::row)
                    .startsWith(17L)
                    .endsWith(26L);
            assertThat(last.hasAfter()).isFalse();
            assertThat(last.hasBefore()).isTrue();

            TablePage before = TablePager.page(workspace, "items", PagePosition.of(null, "5", null, false), 10);
            assertThat(before.rows()).extracting(TablePage.PageRow::row).containsExactly(2L, 3L, 4L);
            assertThat(before.hasBefore()).isFalse();
            assertThat(before.hasAfter()).isTrue();

            TablePage at = TablePager.page(workspace, "items", PagePosition.of(null, null, "20", false), 3);
            assertThat(at.rows()).extracting(TablePage.PageRow::row).containsExactly(20L, 21L, 22L);

            TablePage beyond = TablePager.page(workspace, "items", PagePosition.of("26", null, null, false), 3);
            assertThat(beyond.rows()).isEmpty();
            assertThat(beyond.hasAfter()).isFalse();
        }
    }

    @Test
    void refusesUnknownTablesAndMalformedPositions() throws Exception {
        Path csv = dir.resolve("items.csv");
        Files.writeString(csv, "n\n1\n");
        try (Workspace workspace = Workspace.open(dir.resolve("ws"))) {
            workspace.ingest(csv);
            assertThatThrownBy(() -> TablePager.page(workspace, "itemz", PagePosition.FIRST, 10))
                    .isInstanceOf(EngineException.class)
                    .hasMessageContaining("no table \"itemz\"")
                    .hasMessageContaining("items");
            assertThatThrownBy(() -> TablePager.page(workspace, "items", PagePosition.FIRST, 501))
                    .hasMessage("a page holds 1 to 500 rows, not 501");
            assertThatThrownBy(() -> PagePosition.of("1", "2", null, false))
                    .hasMessage("give at most one of after, before, at and last to place a page");
            assertThatThrownBy(() -> PagePosition.of("x", null, null, false))
                    .hasMessage("after must be a row number, not 'x'");
        }
    }
}
