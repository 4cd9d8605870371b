package io.tablequery.engine.ingest;

import io.tablequery.engine.error.EngineException;
import io.tablequery.engine.store.ColumnBatch;
import io.tablequery.engine.store.TableWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * Turns the rows of one sheet into a table in a single pass where it can. It buffers the first rows (up to {@link
 * IngestSettings#sampleRows()}), detects the layout and provisional column types from them, and then streams every
 * row to the storage writers while it keeps counting the classes of all values. At the end it decides the types
 * from all rows: when they match the provisional ones the table is done; when a later row proved them wrong (a
 * decimal in a column of integers, text among numbers), or the sheet's merged regions (which spreadsheet files list
 * after the cells) change the layout or fill cells, it discards what it wrote and asks for the sheet to be read
 * again with what it now knows ({@link SheetOutcome.Replay}). Small sheets, read whole before deciding anything,
 * never need a second read.
 */
final class SheetIngestor implements RowSink {
    private static final Pattern TOTAL =
            Pattern.compile("(?i)^\\s*(grand\\s+)?(sub)?totals?\\b.*|^\\s*sum\\s*$|^\\s*(合计|總計|总计|小计|小計|合計|共计).*");

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

    private List<RawRow> sample = new ArrayList<>();
    private long sampleCells;
    private boolean streaming;
    private Layout layout;
    private MergeFiller filler;
    private TablePlan plan;
    private int[] planBySource;
    private CoercionLog log;
    private RowConverter converter;
    private TableWriter writer;
    private ColumnBatch batch;
    private long dataRows;
    private long firstDataRow = -1;
    private long lastDataRow = -1;
    private final List<Long> totalRows = new ArrayList<>();
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
            return;
        }
        checkWidth(row);
        if (!streaming) {
            sample.add(row.copy());
            sampleCells += row.width();
            if (sample.size() >= settings.sampleRows() || sampleCells >= settings.sampleCells()) {
                begin(knownMerges != null ? knownMerges : List.of());
            }
            return;
        }
        take(row, forcedPlan == null, true);
    }

    @Override
    public void end(List<CellRange> merges) {
        if (!streaming) {
            if (sample.isEmpty() && sheet.kind() != SourceKind.DATABASE) {
                outcome = new SheetOutcome.Empty("empty: the sheet has no values");
                return;
            }
            begin(knownMerges != null ? knownMerges : merges);
            finish();
            return;
        }
        if (knownMerges == null && mergesMatter(merges)) {
            abortWriter();
            outcome = new SheetOutcome.Replay(merges, null);
            return;
        }
        TablePlan finalPlan = forcedPlan != null ? forcedPlan : TablePlanner.plan(layout, stats, sheet);
        if (writer == null || !finalPlan.equals(plan)) {
            abortWriter();
            outcome = new SheetOutcome.Replay(knownMerges != null ? knownMerges : merges, finalPlan);
            return;
        }
        finish();
    }

    /** Returns what became of the sheet; valid after {@link #end}. */
    SheetOutcome outcome() {
        return outcome;
    }

    /** Stops and removes anything written; for when the read fails. */
    void abandon() {
        abortWriter();
    }

    private void begin(List<CellRange> merges) {
        layout = LayoutDetector.detect(sample, merges, classifier, sheet);
        filler = new MergeFiller(merges, layout.lastNonDataRow());
        List<RawRow> data = sample.stream()
                .filter(r -> r.rowNumber() > layout.lastNonDataRow())
                .toList();
        List<int[]> fills = new ArrayList<>();
        for (int i = 0; i < data.size(); i++) {
            int index = i;
            filler.apply(data.get(i), (r, c) -> fills.add(new int[] {index, c}));
            if (forcedPlan == null) {
                collectStats(data.get(i));
            }
        }
        plan = forcedPlan != null ? forcedPlan : TablePlanner.plan(layout, stats, sheet);
        planBySource = plan.indexBySource();
        log = new CoercionLog(plan.columns(), settings.coercionExamples());
        converter = new RowConverter(plan, sheet.kind(), sheet.date1904(), log);
        for (int[] fill : fills) {
            noteFill(data.get(fill[0]), fill[1]);
        }
        if (!plan.columns().isEmpty()) {
            writer = writers.open(sheet.number(), plan.storedColumns(), indexColumns());
            batch = writer.newBatch();
        }
        streaming = true;
        for (RawRow row : data) {
            take(row, false, false);
        }
    }

    /** The source's indexes by plan column name; an index on a column the plan left out is dropped. */
    private List<SourceIndex<String>> indexColumns() {
        List<SourceIndex<String>> indexes = new ArrayList<>();
        for (SourceIndex<Integer> index : sheet.knownIndexes()) {
            List<String> names = new ArrayList<>();
            for (int source : index.columns()) {
                int p = source < planBySource.length ? planBySource[source] : -1;
                if (p >= 0) {
                    names.add(plan.columns().get(p).name());
                }
            }
            if (names.size() == index.columns().size()) {
                indexes.add(index.over(names));
            }
        }
        return indexes;
    }

    private void take(RawRow row, boolean collect, boolean fill) {
        if (fill) {
            filler.apply(row, this::noteFill);
        }
        noteRow(row);
        if (collect) {
            growStats(row.width());
        }
        boolean writing = writer != null;
        int r = writing ? batch.addRow(row.rowNumber()) : -1;
        for (int c = 0; c < row.width(); c++) {
            if (row.kind(c) == CellKind.BLANK) {
                continue;
            }
            classifier.classify(row, c, c < dateLike.length && dateLike[c], value);
            if (collect) {
                stats.get(c).add(value);
            }
            if (writing && !write(r, c, row.rowNumber())) {
                abortWriter();
                writing = false;
            } else if (writing
                    && sheet.kind() == SourceKind.DATABASE
                    && c < planBySource.length
                    && planBySource[c] >= 0) {
                batch.setSourceValue(planBySource[c], r, row.valueObject(c));
            }
        }
        if (writing && batch.isFull()) {
            writer.write(batch);
            batch = writer.newBatch();
        }
    }

    /** Puts the classified value of source column {@code c} into the batch; false when it does not fit. */
    private boolean write(int r, int c, long rowNumber) {
        int p = c < planBySource.length ? planBySource[c] : -1;
        boolean fits = p >= 0 ? converter.put(batch, r, p, value, rowNumber) : value.cls == ValueClass.NULL;
        if (!fits && forcedPlan != null) {
            throw new EngineException(
                    IngestErrorCode.INGEST_FAILED,
                    ("sheet '%s' of '%s': cell %s%d does not fit the" + " column types decided from all rows")
                            .formatted(sheet.name(), fileName, CellAddress.columnLetters(c), rowNumber));
        }
        return fits;
    }

    private void growStats(int width) {
        while (stats.size() < width) {
            stats.add(new ColumnStats());
        }
    }

    private void collectStats(RawRow row) {
        growStats(row.width());
        for (int c = 0; c < row.width(); c++) {
            if (row.kind(c) != CellKind.BLANK) {
                classifier.classify(row, c, c < dateLike.length && dateLike[c], value);
                stats.get(c).add(value);
            }
        }
    }

    private void noteRow(RawRow row) {
        dataRows++;
        if (firstDataRow < 0) {
            firstDataRow = row.rowNumber();
        }
        lastDataRow = row.rowNumber();
        if (totalRows.size() < 10 && sheet.kind() != SourceKind.DATABASE) {
            for (int c = 0; c < row.width(); c++) {
                if (!row.isBlank(c)) {
                    if (row.kind(c) == CellKind.TEXT
                            && mayBeTotal(row.text(c))
                            && TOTAL.matcher(row.text(c)).matches()) {
                        totalRows.add(row.rowNumber());
                    }
                    break;
                }
            }
        }
    }

    /** A cheap test before the total-row pattern: its first letter. */
    private static boolean mayBeTotal(String text) {
        String stripped = text.stripLeading();
        if (stripped.isEmpty()) {
            return false;
        }
        char first = Character.toLowerCase(stripped.charAt(0));
        return first == 't'
                || first == 's'
                || first == 'g'
                || first == '合'
                || first == '總'
                || first == '总'
                || first == '小'
                || first == '共';
    }

    private void noteFill(RawRow row, int column) {
        int p = planBySource != null && column < planBySource.length ? planBySource[column] : -1;
        if (p >= 0 && log.count(p, CoercionKind.MERGED_CELL_FILLED)) {
            classifier.classify(row, column, false, value);
            log.example(
                    p,
                    CoercionKind.MERGED_CELL_FILLED,
                    converter.cellReference(p, row.rowNumber()),
                    "(merged)",
                    ValueText.render(value));
        }
    }

    private void finish() {
        boolean emptyTable = sheet.kind() != SourceKind.DATABASE
                && dataRows == 0
                && plan.columns().size() < 2;
        if (plan.columns().isEmpty() || emptyTable) {
            abortWriter();
            outcome = new SheetOutcome.Empty(dataRows == 0 ? "empty: no data rows below the header" : "empty");
            return;
        }
        if (writer == null) {
            throw new EngineException(
                    IngestErrorCode.INGEST_FAILED,
                    "sheet '%s' of '%s': its table writer stopped".formatted(sheet.name(), fileName));
        }
        writer.write(batch);
        long written = writer.finish();
        writer = null;
        if (written != dataRows) {
            throw new EngineException(
                    IngestErrorCode.INGEST_FAILED,
                    "sheet '%s' of '%s': wrote %d of %d rows".formatted(sheet.name(), fileName, written, dataRows));
        }
        outcome = new SheetOutcome.Table(plan, layout, dataRows, firstDataRow, lastDataRow, totalRows, log.reports());
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

    private void abortWriter() {
        if (writer != null) {
            TableWriter stopping = writer;
            writer = null;
            stopping.abort();
        }
    }

    @Override
    public String toString() {
        return "SheetIngestor[%s of %s]".formatted(sheet.name().toLowerCase(Locale.ROOT), fileName);
    }
}
