package io.tablequery.engine.error;

import static org.assertj.core.api.Assertions.assertThat;

import io.tablequery.engine.catalog.CatalogErrorCode;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** This machine's paths are taken out of messages: the data root, home, temp. */
class HostPathsTest {
    @Test
    void replacesTheDataRootAndTheHomeDirectoryButNotLookalikes() {
        Path workspace = Path.of("/srv/tq-data-HP1/shop");
        HostPaths.registerWorkspace(workspace);
        String home = System.getProperty("user.home");
        assertThat(HostPaths.scrub("cannot read /srv/tq-data-HP1/shop/files/F1/x.csv"))
                .isEqualTo("cannot read <data root>/shop/files/F1/x.csv");
        assertThat(HostPaths.scrub("see /srv/tq-data-HP1/other/tables.duckdb"))
                .isEqualTo("see <data root>/other/tables.duckdb");
        assertThat(HostPaths.scrub("/srv/tq-data-HP1shop and /srv/tq-data-HP1/shopping stay"))
                .isEqualTo("/srv/tq-data-HP1shop and <data root>/shopping stay");
        assertThat(HostPaths.scrub("Cannot access directory \"" + home + "/.duckdb/extensions\""))
                .isEqualTo("Cannot access directory \"~/.duckdb/extensions\"");
        assertThat(HostPaths.scrub(null)).isNull();
        assertThat(new EngineException(CatalogErrorCode.STORAGE_FAILURE, "open /srv/tq-data-HP1/shop/tables.sqlite")
                        .getMessage())
                .isEqualTo("open <data root>/shop/tables.sqlite");
    }
}
