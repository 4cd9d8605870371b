package io.tablequery.server.cli;

import io.tablequery.server.views.FileView;
import java.io.PrintWriter;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code tq files}: lists the uploaded files. */
@Command(name = "files", description = "List the files of a workspace with their F-numbers.")
final class FilesCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    WorkspaceTarget target;

    @Mixin
    JsonOption json;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        List<FileView> files = target.run(
                open -> FileView.current(open.catalog(), open::duckDbState),
                remote -> Views.list(remote.get("files").path("files"), FileView.class));
        if (json.json) {
            json.print(out, Map.of("files", files));
            return 0;
        }
        if (files.isEmpty()) {
            out.println("no files; upload one with: tq ingest FILE");
        }
        for (FileView file : files) {
            String tables = file.sheets().stream()
                    .flatMap(sheet -> sheet.tables().stream())
                    .map(table -> table + duckDbNote(file.duckdb().get(table)))
                    .collect(Collectors.joining(", "));
            out.printf(
                    "%-5s %s %-6s %10s  %s  tables: %s%n",
                    file.file(),
                    TerminalColumns.pad(file.name(), 40),
                    file.format(),
                    Sizes.bytes(file.sizeBytes()),
                    file.uploadedAt().toString().substring(0, 19) + "Z",
                    tables);
        }
        return 0;
    }

    /**
     * What a table's DuckDB copy is when it is not ready: being made after the upload (which answered once its SQLite
     * copy committed), or failed.
     */
    private static String duckDbNote(String state) {
        if ("pending".equals(state)) {
            return " (DuckDB copy being made)";
        }
        if ("failed".equals(state)) {
            return " (DuckDB copy failed; SQLite answers)";
        }
        return "";
    }
}
