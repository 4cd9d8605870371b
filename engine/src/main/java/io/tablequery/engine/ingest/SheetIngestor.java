package io.tablequery.engine.ingest;

import io.tablequery.engine.error.EngineException;
import io.tablequery.engine.ingest.layout.BlockSplitter;
import io.tablequery.engine.ingest.layout.GroupFiller;
import io.tablequery.engine.ingest.layout.Layout;
import io.tablequery.engine.ingest.layout.LayoutConfidence;
import io.tablequery.engine.ingest.layout.LayoutDetector;
import io.tablequery.engine.ingest.layout.MergeFiller;
import io.tablequery.engine.ingest.layout.TablePlan;
import io.tablequery.engine.ingest.layout.TablePlanner;
import io.tablequery.engine.ingest.values.CellClassifier;
import io.tablequery.engine.ingest.values.CellValue;
import io.tablequery.engine.ingest.values.ColumnStats;
import io.tablequery.engine.ingest.values.TypeInference;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Turns the rows of one sheet into a table in a single pass where it can. It buffers the first rows (up to {@link
 * IngestSettings#sampleRows()}), detects the layout and provisional column types from them, and then streams every
 * row to the storage writers while it keeps counting the classes of all values. At the end it decides the types
 * from all rows: when they match the provisional ones the table is done; when a later row proved them wrong (a
 * decimal in a column of integers, text among numbers), or the sheet's merged regions (which spreadsheet files list
 * after the cells) change the layout or fill cells, it discards what it wrote and asks for the sheet to be read
 * again with what it now knows ({@link SheetOutcome.Replay}). Small sheets, read whole before deciding anything,
 * never need a second read; they are also split into the tables stacked down them ({@link BlockSplitter}), each
 * with its own header.
 */
final class SheetIngestor implements RowSink {
    private final SheetSource sheet;
    private final IngestSettings settings;
    private final TableWriterFactory writers;
    private final CellClassifier classifier;
    private final List<CellRange> knownMerges;
    private final TablePlan forcedPlan;
    private final String fileName;
    private final CellValue value = new CellValue();
    private final List<ColumnStats> stats = new ArrayList<>();
    private final boolean[] dateLike;
    private final List<IngestedTable> tables = new ArrayList<>();

    private List<RawRow> sample = new ArrayList<>();
    private long sampleCells;
    private boolean streaming;
    private int nextPart;
    private boolean droppedRows;
    private long emptyRows;
    private Layout layout;
    private MergeFiller filler;
    private GroupFiller groups;
    private TableBuilder builder;
    private SheetOutcome outcome;

    /**
     * Creates an ingestor for one read of a sheet.
     *
     * @param sheet the sheet
     * @param settings limits and sizes
     * @param writers opens the table's writer
     * @param knownMerges the sheet's merged regions if a previous read found them, else null
     * @param forcedPlan the settled columns if a previous read decided them, else null
     * @param fileName the file name, for messages
     */
    SheetIngestor(
            SheetSource sheet,
            IngestSettings settings,
            TableWriterFactory writers,
            List<CellRange> knownMerges,
            TablePlan forcedPlan,
            String fileName) {
        this.sheet = sheet;
        this.settings = settings;
        this.writers = writers;
        this.classifier = new CellClassifier(sheet.kind(), sheet.date1904());
        this.knownMerges = knownMerges;
        this.forcedPlan = forcedPlan;
        this.fileName = fileName;
        this.dateLike = new boolean[sheet.knownColumns().size()];
        for (int c = 0; c < dateLike.length; c++) {
            dateLike[c] = TypeInference.isDateLike(sheet.knownColumns().get(c).declaredType());
        }
    }

    @Override
    public void row(RawRow row) {
        if (sheet.kind() != SourceKind.DATABASE && row.isBlank()) {
            emptyRows++;
            return;
        }
        checkWidth(row);
        if (!streaming) {
            sample.add(row.copy());
            sampleCells += row.width();
            if (sample.size() >= settings.sampleRows() || sampleCells >= settings.sampleCells()) {
                stream(knownMerges != null ? knownMerges : List.of());
            }
            return;
        }
        filler.apply(row, builder::noteFill);
        groups.apply(row, builder::noteGroupFill);
        if (forcedPlan == null) {
            growStats(row.width());
        }
        builder.take(row, forcedPlan == null ? stats : null);
    }

    @Override
    public void end(List<CellRange> merges) {
        if (!streaming) {
            if (sample.isEmpty() && sheet.kind() != SourceKind.DATABASE) {
                outcome = new SheetOutcome.Empty("empty: the sheet has no values");
                return;
            }
            readWhole(knownMerges != null ? knownMerges : merges);
            return;
        }
        if (knownMerges == null && mergesMatter(merges)) {
            builder.stop();
            outcome = new SheetOutcome.Replay(merges, null);
            return;
        }
        TablePlan finalPlan = forcedPlan != null ? forcedPlan : TablePlanner.plan(layout, stats, sheet);
        if (builder.stopped() || !finalPlan.equals(builder.plan())) {
            builder.stop();
            outcome = new SheetOutcome.Replay(knownMerges != null ? knownMerges : merges, finalPlan);
            return;
        }
        complete(builder, LayoutConfidence.warnings(layout, builder.plan(), stats, builder.dataRows()));
        outcome = tables.isEmpty() ? empty() : new SheetOutcome.Tables(tables);
    }

    /** Returns what became of the sheet; valid after {@link #end}. */
    SheetOutcome outcome() {
        return outcome;
    }

    /** The rows read so far whose every cell is blank, which no table keeps. */
    long emptyRows() {
        return emptyRows;
    }

    /** Stops and removes anything written; for when the read fails. */
    void abandon() {
        if (builder != null) {
            builder.stop();
        }
    }

    /** The sheet was read whole: each table stacked in it is built from its rows. */
    private void readWhole(List<CellRange> merges) {
        List<BlockSplitter.Block> blocks = forcedPlan != null
                ? List.of(new BlockSplitter.Block(sample, List.of()))
                : BlockSplitter.split(sample, merges, classifier, sheet);
        for (int b = 0; b < blocks.size(); b++) {
            BlockSplitter.Block block = blocks.get(b);
            List<ColumnStats> blockStats = new ArrayList<>();
            TableBuilder built = begin(block.rows(), merges, blockStats, block.headerHint(), b + 1, blocks.size());
            block.notes().forEach(built::note);
            complete(built, LayoutConfidence.warnings(layout, built.plan(), blockStats, built.dataRows()));
        }
        streaming = true;
        outcome = tables.isEmpty() ? empty() : new SheetOutcome.Tables(tables);
    }

    /** The sample is full: the sheet's one table is built from it and from the rows still to come. */
    private void stream(List<CellRange> merges) {
        builder = begin(sample, merges, stats, LayoutDetector.NO_HINT, 1, 1);
        streaming = true;
    }

    private TableBuilder begin(
            List<RawRow> rows,
            List<CellRange> merges,
            List<ColumnStats> blockStats,
            long headerHint,
            int position,
            int tablesInSheet) {
        layout = LayoutDetector.detect(rows, merges, classifier, sheet, headerHint);
        Layout blockLayout = layout;
        filler = new MergeFiller(merges, layout.lastNonDataRow());
        List<RawRow> data = rows.stream()
                .filter(r -> r.rowNumber() > layout.lastNonDataRow())
                .toList();
        groups = new GroupFiller(layout.fillDown());
        List<int[]> fills = new ArrayList<>();
        List<int[]> groupFills = new ArrayList<>();
        for (int i = 0; i < data.size(); i++) {
            int index = i;
            filler.apply(data.get(i), (r, c) -> fills.add(new int[] {index, c}));
            groups.apply(data.get(i), (r, c) -> groupFills.add(new int[] {index, c}));
            if (forcedPlan == null) {
                ColumnStats.addRow(blockStats, data.get(i), classifier, dateLike, value);
            }
        }
        TablePlan plan = forcedPlan != null ? forcedPlan : TablePlanner.plan(layout, blockStats, sheet);
        PartWriters parts = (role, dataPart, columns, indexes) -> {
            int part = nextPart++;
            TableSlot slot = new TableSlot(
                    sheet.number(),
                    sheet.name(),
                    part,
                    role,
                    role == TableRole.DATA ? part : dataPart,
                    blockLayout.titles(),
                    position,
                    tablesInSheet);
            return new PartWriters.Opened(part, writers.open(slot, columns, indexes));
        };
        TableBuilder built = new TableBuilder(
                sheet, layout, plan, classifier, dateLike, parts, settings, forcedPlan != null, fileName);
        // Held at once, so that abandon() stops it if a row below fails.
        builder = built;
        for (int[] fill : fills) {
            built.noteFill(data.get(fill[0]), fill[1]);
        }
        for (int[] fill : groupFills) {
            built.noteGroupFill(data.get(fill[0]), fill[1]);
        }
        for (RawRow row : data) {
            built.take(row, null);
        }
        return built;
    }

    /** Completes a table, or drops it when it holds nothing worth a table. */
    private void complete(TableBuilder built, List<String> warnings) {
        boolean emptyTable = sheet.kind() != SourceKind.DATABASE
                && built.dataRows() == 0
                && built.plan().columns().size() < 2;
        if (built.plan().columns().isEmpty() || emptyTable) {
            built.stop();
            droppedRows |= built.dataRows() > 0;
            return;
        }
        // A database table's layout is its schema, not a guess.
        tables.addAll(built.finish(sheet.kind() == SourceKind.DATABASE ? List.of() : warnings));
    }

    private SheetOutcome.Empty empty() {
        return new SheetOutcome.Empty(droppedRows ? "empty" : "empty: no data rows below the header");
    }

    private void growStats(int width) {
        while (stats.size() < width) {
            stats.add(new ColumnStats());
        }
    }

    private boolean mergesMatter(List<CellRange> merges) {
        if (merges.isEmpty()) {
            return false;
        }
        if (!LayoutDetector.detect(sample, merges, classifier, sheet).equals(layout)) {
            return true;
        }
        return merges.stream().anyMatch(m -> m.spansRows() && m.lastRow() > layout.lastNonDataRow());
    }

    private void checkWidth(RawRow row) {
        if (row.width() <= settings.maxColumns()) {
            return;
        }
        int last = row.width() - 1;
        while (last >= 0 && row.isBlank(last)) {
            last--;
        }
        if (last >= settings.maxColumns()) {
            throw new EngineException(
                    IngestErrorCode.TOO_MANY_COLUMNS,
                    "sheet '%s' of '%s' has values in column %s (column %d of row %d); tablequery takes at most %d columns"
                                    .formatted(
                                            sheet.name(),
                                            fileName,
                                            CellAddress.columnLetters(last),
                                            last + 1,
                                            row.rowNumber(),
                                            settings.maxColumns())
                            + " (SQLite's limit); split the sheet or remove unused columns");
        }
    }

    @Override
    public String toString() {
        return "SheetIngestor[%s of %s]".formatted(sheet.name().toLowerCase(Locale.ROOT), fileName);
    }
}
