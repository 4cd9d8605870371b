package io.tablequery.server.cli;

import io.tablequery.engine.error.EngineException;
import io.tablequery.engine.ingest.IngestListener;
import io.tablequery.engine.workspace.IngestResult;
import io.tablequery.engine.workspace.Workspace;
import io.tablequery.server.views.TableView;
import io.tablequery.server.views.UploadView;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.function.Function;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code tq ingest FILE...}: uploads files into a workspace. */
@Command(
        name = "ingest",
        description = "Upload Excel, CSV/TSV or SQLite files into a workspace; a file with the name of an existing one"
                + " replaces it.")
final class IngestCommand implements Callable<Integer> {
    private static final long PROGRESS_MIN_BYTES = 8L << 20;

    @Spec
    CommandSpec spec;

    @Mixin
    WorkspaceTarget target;

    @Mixin
    JsonOption json;

    @Option(names = "--no-progress", description = "Do not draw a progress bar for large files.")
    boolean noProgress;

    @Parameters(arity = "1..*", paramLabel = "FILE", description = "Files to upload.")
    List<Path> files;

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        List<UploadView> uploads = new ArrayList<>();
        int failures = target.run(
                open -> upload(
                        file -> {
                            ProgressBar bar = new ProgressBar(err);
                            IngestListener listener = showProgress(file) ? bar : IngestListener.NONE;
                            try {
                                IngestResult result =
                                        open.ingest(file, file.getFileName().toString(), listener);
                                return UploadView.of(result, open.catalog(), open::duckDbState);
                            } finally {
                                bar.finish();
                            }
                        },
                        uploads,
                        out,
                        err),
                remote -> upload(file -> Views.one(remote.upload(file), UploadView.class), uploads, out, err));
        if (json.json) {
            json.print(out, uploads);
        }
        err.flush();
        return failures == 0 ? 0 : ExitCodes.USER_ERROR;
    }

    /** Uploads each file in turn, printing each as it commits; returns how many failed. */
    private int upload(Function<Path, UploadView> one, List<UploadView> uploads, PrintWriter out, PrintWriter err) {
        int failures = 0;
        for (Path file : files) {
            try {
                Workspace.requireReadable(file);
                UploadView upload = one.apply(file);
                uploads.add(upload);
                if (!json.json) {
                    print(out, upload);
                    out.flush();
                }
            } catch (EngineException e) {
                failures++;
                ExitCodes.print(err, e);
            }
        }
        return failures;
    }

    private boolean showProgress(Path file) {
        try {
            return !noProgress && System.console() != null && Files.size(file) >= PROGRESS_MIN_BYTES;
        } catch (IOException e) {
            return false;
        }
    }

    private static void print(PrintWriter out, UploadView upload) {
        out.printf(
                "%s %s: %d table%s%s%n",
                upload.file().file(),
                upload.file().name(),
                upload.tables().size(),
                upload.tables().size() == 1 ? "" : "s",
                upload.replaced() == null ? "" : " (replaces " + upload.replaced() + ")");
        for (TableView table : upload.tables()) {
            out.printf(
                    "  %s %,12d %-4s  %3d %-7s  (S%d '%s')%n",
                    TerminalColumns.pad(table.name(), 32),
                    table.rowCount(),
                    TerminalColumns.noun(table.rowCount(), "row"),
                    table.columns().size(),
                    TerminalColumns.noun(table.columns().size(), "column"),
                    table.sheet(),
                    table.sheetName());
        }
        if (upload.coercedCells() > 0) {
            out.printf(
                    "  %,d cells converted on the way in; see: tq report %s%n",
                    upload.coercedCells(), upload.file().file());
        }
        upload.warnings().forEach(warning -> out.println("  warning: " + warning));
    }
}
