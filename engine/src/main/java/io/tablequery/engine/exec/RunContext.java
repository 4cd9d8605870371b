package io.tablequery.engine.exec;

import static java.util.Objects.requireNonNull;

import io.tablequery.engine.catalog.CatalogSnapshot;
import io.tablequery.engine.plan.SkillNames;
import io.tablequery.engine.workspace.SqliteSession;
import io.tablequery.engine.workspace.Workspace;
import java.time.Duration;

/**
 * What one run works on.
 *
 * @param workspace the workspace whose tables the plan reads
 * @param catalog the catalog the plan was validated against
 * @param sqlite the run's read-only SQLite session, private to it, which borrows a connection at its first use
 * @param timeout how long the whole plan may run
 * @param names how the caller names the tools, for the errors' hints
 */
public record RunContext(
        Workspace workspace, CatalogSnapshot catalog, SqliteSession sqlite, Duration timeout, SkillNames names) {
    public RunContext {
        requireNonNull(workspace, "workspace is null");
        requireNonNull(catalog, "catalog is null");
        requireNonNull(sqlite, "sqlite is null");
        requireNonNull(timeout, "timeout is null");
        requireNonNull(names, "names is null");
    }
}
