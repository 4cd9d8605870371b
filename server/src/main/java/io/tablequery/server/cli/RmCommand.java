package io.tablequery.server.cli;

import io.tablequery.engine.catalog.FileRefs;
import io.tablequery.engine.workspace.RemovedFile;
import io.tablequery.server.views.FileView;
import java.io.PrintWriter;
import java.util.List;
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
    WorkspaceTarget target;

    @Parameters(arity = "1..*", paramLabel = "F<n>", description = "File references, as tq files shows them.")
    List<String> refs;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        List<Integer> numbers = refs.stream().map(FileRefs::parse).toList();
        target.run(
                open -> {
                    numbers.forEach(number -> {
                        RemovedFile removed = open.deleteFile(number);
                        print(out, FileView.of(removed.file(), removed.tables(), table -> null));
                    });
                    return null;
                },
                remote -> {
                    numbers.forEach(number -> print(
                            out,
                            Views.one(
                                    remote.delete("files/" + FileRefs.format(number))
                                            .path("deleted"),
                                    FileView.class)));
                    return null;
                });
        return 0;
    }

    private static void print(PrintWriter out, FileView removed) {
        long tables = removed.sheets().stream()
                .mapToLong(sheet -> sheet.tables().size())
                .sum();
        out.printf("removed %s %s (%d table%s)%n", removed.file(), removed.name(), tables, tables == 1 ? "" : "s");
        out.flush();
    }
}
