package io.tablequery.engine.ingest;

import io.tablequery.engine.error.EngineException;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Ingests one file: detects its format, reads every sheet through a {@link SheetIngestor}, reads again the sheets
 * whose first read was settled only at their end (and the whole file when its reader asks to, {@link ReadAgain}), and
 * reports what became of each sheet. A sheet that is too wide
 * is skipped with its reason; any other failure fails the whole file, and the caller discards what was written.
 */
public final class FileIngestor {
    private static final Logger LOG = LoggerFactory.getLogger(FileIngestor.class);
    private static final int MAX_READS = 3;

    private final IngestSettings settings;

    /**
     * Creates an ingestor.
     *
     * @param settings limits and sizes
     */
    public FileIngestor(IngestSettings settings) {
        this.settings = settings;
    }

    /**
     * Ingests a file.
     *
     * @param file the stored copy of the upload
     * @param fileName the uploaded name
     * @param writers opens the writers of the file's tables
     * @param listener hears progress
     * @return every sheet and its table
     * @throws IOException when the file cannot be read
     * @throws EngineException when the file is empty, unsupported, damaged or otherwise refused
     */
    public IngestedFile ingest(Path file, String fileName, TableWriterFactory writers, IngestListener listener)
            throws IOException {
        SourceFormat format = SourceFormat.detect(file, fileName);
        SourceReader reader = SourceReaders.of(format, settings);
        Map<Integer, SheetRun> runs = new LinkedHashMap<>();
        SourceDetails details = null;
        for (int pass = 1; details == null; pass++) {
            runs.clear();
            try {
                details = read(reader, file, fileName, listener, sheet -> {
                    SheetRun run = new SheetRun(sheet);
                    runs.put(sheet.number(), run);
                    return run.start(new SheetIngestor(sheet, settings, writers, null, null, fileName));
                });
            } catch (ReadAgain again) {
                LOG.debug("reading {} again: {}", fileName, again.getMessage());
                if (pass >= MAX_READS) {
                    throw new EngineException(
                            IngestErrorCode.INGEST_FAILED,
                            "'%s' read differently each time; please report this file".formatted(fileName));
                }
            }
        }
        for (int attempt = 1; runs.values().stream().anyMatch(SheetRun::needsReplay); attempt++) {
            if (attempt >= MAX_READS) {
                SheetRun stuck = runs.values().stream()
                        .filter(SheetRun::needsReplay)
                        .findFirst()
                        .orElseThrow();
                throw new EngineException(
                        IngestErrorCode.INGEST_FAILED,
                        "sheet '%s' of '%s' read differently each time".formatted(stuck.sheet.name(), fileName));
            }
            read(reader, file, fileName, listener, sheet -> {
                SheetRun run = runs.get(sheet.number());
                if (run == null || !run.needsReplay()) {
                    return null;
                }
                SheetOutcome.Replay replay = (SheetOutcome.Replay) run.outcome;
                return run.start(new SheetIngestor(sheet, settings, writers, replay.merges(), replay.plan(), fileName));
            });
        }
        List<IngestedSheet> sheets = new ArrayList<>();
        for (SheetRun run : runs.values()) {
            sheets.add(run.result());
        }
        return new IngestedFile(format, details, sheets);
    }

    private SourceDetails read(
            SourceReader reader, Path file, String fileName, IngestListener listener, SheetVisitor visitor)
            throws IOException {
        List<SheetRun> started = new ArrayList<>();
        List<AsyncRowSink> consumers = new ArrayList<>();
        String[] currentSheet = {null};
        try {
            return reader.read(
                    file,
                    fileName,
                    sheet -> {
                        currentSheet[0] = sheet.name();
                        RowSink sink = visitor.beginSheet(sheet);
                        if (sink instanceof GuardedSink guarded) {
                            started.add(guarded.run);
                            AsyncRowSink async = new AsyncRowSink(sink, fileName + "-S" + sheet.number());
                            consumers.add(async);
                            return async;
                        }
                        return sink;
                    },
                    (done, total) -> listener.progressed(new IngestProgress(fileName, currentSheet[0], done, total)));
        } catch (EngineException | ReadAgain e) {
            stop(consumers, started);
            throw e;
        } catch (IOException e) {
            stop(consumers, started);
            throw e;
        } catch (RuntimeException e) {
            stop(consumers, started);
            LOG.warn("ingest of {} failed", fileName, e);
            throw new EngineException(
                    IngestErrorCode.INGEST_FAILED,
                    "could not ingest '%s': %s: %s; please report"
                                    .formatted(fileName, e.getClass().getSimpleName(), e.getMessage())
                            + " this file",
                    e);
        }
    }

    /** Stops the sheets' consumer threads first, so nothing writes while their tables are dropped. */
    private static void stop(List<AsyncRowSink> consumers, List<SheetRun> started) {
        consumers.forEach(AsyncRowSink::close);
        started.forEach(SheetRun::abandon);
    }

    /** One sheet across its reads. */
    private static final class SheetRun {
        final SheetSource sheet;
        SheetIngestor ingestor;
        SheetOutcome outcome;
        String skipped;

        SheetRun(SheetSource sheet) {
            this.sheet = sheet;
        }

        GuardedSink start(SheetIngestor next) {
            ingestor = next;
            outcome = null;
            return new GuardedSink(this);
        }

        boolean needsReplay() {
            return outcome instanceof SheetOutcome.Replay;
        }

        void abandon() {
            if (ingestor != null) {
                ingestor.abandon();
            }
        }

        IngestedSheet result() {
            String status = "empty: not a worksheet";
            List<IngestedTable> tables = List.of();
            if (skipped != null) {
                status = "skipped: " + skipped;
            } else if (outcome instanceof SheetOutcome.Tables made) {
                long data = made.tables().stream()
                        .filter(t -> t.role() == TableRole.DATA)
                        .count();
                status = data == 1 ? "table" : data + " tables";
                tables = made.tables();
            } else if (outcome instanceof SheetOutcome.Empty empty) {
                status = empty.reason();
            }
            return new IngestedSheet(
                    sheet.number(),
                    sheet.name(),
                    sheet.hidden(),
                    status,
                    tables,
                    ingestor == null ? 0 : ingestor.emptyRows());
        }
    }

    /** Skips a sheet that turns out too wide instead of failing the file. */
    private static final class GuardedSink implements RowSink {
        final SheetRun run;
        private boolean failed;

        GuardedSink(SheetRun run) {
            this.run = run;
        }

        @Override
        public void row(RawRow row) {
            if (failed) {
                return;
            }
            try {
                run.ingestor.row(row);
            } catch (EngineException e) {
                if (e.getErrorCode().equals(IngestErrorCode.TOO_MANY_COLUMNS.toErrorCode())) {
                    failed = true;
                    run.skipped = e.getMessage();
                    run.ingestor.abandon();
                } else {
                    throw e;
                }
            }
        }

        @Override
        public void end(List<CellRange> mergedRegions) {
            if (!failed) {
                run.ingestor.end(mergedRegions);
                run.outcome = run.ingestor.outcome();
            }
        }
    }
}
