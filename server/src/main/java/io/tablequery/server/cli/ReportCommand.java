package io.tablequery.server.cli;

import io.tablequery.engine.catalog.FileRefs;
import io.tablequery.engine.ingest.report.IngestReport;
import io.tablequery.engine.ingest.report.SheetReport;
import io.tablequery.engine.ingest.values.CoercionExample;
import io.tablequery.engine.ingest.values.CoercionReport;
import java.io.PrintWriter;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code tq report F3}: shows what ingest did to a file. */
@Command(name = "report", description = "Show a file's ingest report: layout found, tables made, every coercion.")
final class ReportCommand implements Callable<Integer> {
    private static final int EXAMPLES = 3;

    @Spec
    CommandSpec spec;

    @Mixin
    WorkspaceTarget target;

    @Mixin
    JsonOption json;

    @Parameters(paramLabel = "F<n>", description = "The file reference.")
    String ref;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        int file = FileRefs.parse(ref);
        IngestReport report = target.run(
                open -> open.report(file),
                remote -> Views.one(remote.get("files/" + FileRefs.format(file) + "/report"), IngestReport.class));
        if (json.json) {
            json.print(out, report);
            return 0;
        }
        out.printf(
                "%s %s (%s%s%s)%n",
                report.file(),
                report.fileName(),
                report.format(),
                report.encoding() == null ? "" : ", " + report.encoding(),
                report.delimiter() == null ? "" : ", " + report.delimiter() + "-delimited");
        report.notes().forEach(note -> out.println("  note: " + note));
        for (SheetReport sheet : report.sheets()) {
            out.printf(
                    "  S%d '%s'%s: %s%n",
                    sheet.sheet(),
                    sheet.name(),
                    sheet.hidden() ? " (hidden)" : "",
                    sheet.table() == null
                            ? sheet.status()
                            : roleLabel(sheet.role()) + sheet.table() + ", %,d rows".formatted(sheet.rowCount()));
            if (!sheet.titles().isEmpty()) {
                out.printf("    title rows %s: %s%n", sheet.titleRows(), String.join(" / ", sheet.titles()));
            }
            if (!sheet.headerRows().isEmpty()) {
                out.printf(
                        "    header rows %s; data rows %s-%s%n",
                        sheet.headerRows(), sheet.firstDataRow(), sheet.lastDataRow());
            }
            if (sheet.totalsTable() != null) {
                out.printf("    total rows %s moved to %s%n", sheet.movedTotalRows(), sheet.totalsTable());
            }
            if (!sheet.totalRows().isEmpty()) {
                out.printf("    rows that read like totals but do not add up (kept): %s%n", sheet.totalRows());
            }
            sheet.layoutWarnings().forEach(warning -> out.println("    layout uncertain: " + warning));
            sheet.notes().forEach(note -> out.println("    note: " + note));
            for (CoercionReport coercion : sheet.coercions()) {
                out.printf(
                        "    %s: %,d x %s (%s)%n",
                        coercion.column(), coercion.count(), coercion.kind(), coercion.description());
                for (CoercionExample example : coercion.examples()
                        .subList(0, Math.min(EXAMPLES, coercion.examples().size()))) {
                    out.printf(
                            "      %s: %s -> %s%n",
                            example.cell(),
                            example.original() == null ? "(bytes that are not text)" : example.original(),
                            example.stored());
                }
            }
        }
        return 0;
    }

    private static String roleLabel(String role) {
        if ("totals".equals(role)) {
            return "totals table ";
        }
        return "long".equals(role) ? "long form " : "table ";
    }
}
