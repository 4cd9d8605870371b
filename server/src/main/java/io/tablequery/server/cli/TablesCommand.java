package io.tablequery.server.cli;

import io.tablequery.engine.catalog.CatalogSnapshot;
import io.tablequery.server.views.TableView;
import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code tq tables}: lists the tables. */
@Command(name = "tables", description = "List the tables of a workspace with their source and columns.")
final class TablesCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    WorkspaceTarget target;

    @Mixin
    JsonOption json;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        List<TableView> tables = target.run(
                open -> {
                    CatalogSnapshot catalog = open.catalog();
                    return catalog.tables().stream()
                            .map(t -> TableView.of(t, catalog, open::duckDbState))
                            .toList();
                },
                remote -> Views.list(remote.get("tables").path("tables"), TableView.class));
        if (json.json) {
            json.print(out, Map.of("tables", tables));
            return 0;
        }
        if (tables.isEmpty()) {
            out.println("no tables; upload a file with: tq ingest FILE");
        }
        for (TableView table : tables) {
            String columns = table.columns().stream()
                    .map(c -> c.name() + " " + c.type().toLowerCase(Locale.ROOT))
                    .collect(Collectors.joining(", "));
            out.printf(
                    "%s %sS%-3d %,10d %-4s  %s%n",
                    TerminalColumns.pad(table.name(), 32),
                    table.file(),
                    table.sheet(),
                    table.rowCount(),
                    TerminalColumns.noun(table.rowCount(), "row"),
                    columns);
        }
        return 0;
    }
}
