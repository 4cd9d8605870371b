package io.tablequery.server.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.tablequery.engine.catalog.SourceFile;
import io.tablequery.engine.workspace.Workspace;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The embedded default workspace loads the sample files of the repository. */
class ServeSamplesTest {
    @TempDir
    Path dir;

    @Test
    void loadsTheSamplesIntoANewDefaultWorkspace() throws Exception {
        String previous = System.getProperty("tq.home");
        System.setProperty("tq.home", System.getProperty("tq.repository", ".."));
        StringWriter log = new StringWriter();
        try (Workspace workspace = Workspace.open(dir.resolve("default"))) {
            ServeCommand.loadSamples(workspace, new PrintWriter(log, true));
            assertThat(workspace.catalog().files())
                    .extracting(SourceFile::name)
                    .containsExactly("orders.csv", "sales_2025.xlsx", "库存.xlsx");
            assertThat(workspace.catalog().tables()).hasSize(10);
        } finally {
            if (previous == null) {
                System.clearProperty("tq.home");
            } else {
                System.setProperty("tq.home", previous);
            }
        }
        assertThat(log.toString()).contains("loaded sample orders.csv as F1");
    }
}
