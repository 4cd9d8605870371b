package io.tablequery.server.cli;

import io.tablequery.engine.catalog.FileRefs;
import io.tablequery.engine.catalog.SourceFile;
import io.tablequery.engine.workspace.Workspace;
import java.io.PrintWriter;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code tq rm F3}: removes files and their tables. */
@Command(name = "rm", description = "Remove files, their tables and their stored bytes.")
final class RmCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    WorkspaceOption workspace;

    @Parameters(arity = "1..*", paramLabel = "F<n>", description = "File references, as tq files shows them.")
    List<String> refs;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        List<Integer> numbers = refs.stream().map(FileRefs::parse).toList();
        try (Workspace open = workspace.open()) {
            for (int number : numbers) {
                SourceFile removed = open.deleteFile(number);
                long tables = removed.sheets().stream()
                        .map(s -> s.tableName())
                        .filter(Objects::nonNull)
                        .count();
                out.printf(
                        "removed %s %s (%d table%s)%n", removed.ref(), removed.name(), tables, tables == 1 ? "" : "s");
            }
        }
        return 0;
    }
}
