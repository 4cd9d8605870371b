package io.tablequery.server.cli;

import io.tablequery.engine.workspace.WorkspaceExport;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code tq export --to DIR}: a consistent copy of a workspace that other tools read. */
@Command(
        name = "export",
        description = "Write a consistent copy of a workspace into a new directory: tables.sqlite (one file, safe to"
                + " copy), every table as Parquet with each row's __src (pandas, polars, Spark, DuckDB 1.x), and"
                + " manifest.json.")
final class ExportCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    WorkspaceTarget target;

    @Mixin
    JsonOption json;

    @Option(names = "--to", required = true, paramLabel = "DIR", description = "A new or empty directory.")
    Path to;

    @Override
    public Integer call() {
        WorkspaceExport export = target.run(open -> open.export(to), remote -> {
            // As the embedded export refuses, before a server sends a whole export for nothing.
            WorkspaceExport.requireNewDirectory(to);
            return remote.export(to);
        });
        PrintWriter out = spec.commandLine().getOut();
        if (json.json) {
            json.print(out, export);
            return 0;
        }
        out.printf(
                "exported workspace '%s' to %s: %s and %d table%s as Parquet%n",
                export.workspace(),
                to,
                export.sqlite(),
                export.tables().size(),
                export.tables().size() == 1 ? "" : "s");
        for (WorkspaceExport.Table table : export.tables()) {
            out.printf(
                    "  %s %,12d %-4s  %s%n",
                    TerminalColumns.pad(table.name(), 32),
                    table.rows(),
                    TerminalColumns.noun(table.rows(), "row"),
                    table.parquet());
        }
        return 0;
    }
}
