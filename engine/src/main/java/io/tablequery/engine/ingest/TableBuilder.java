package io.tablequery.engine.ingest;

import io.tablequery.engine.catalog.ColumnInfo;
import io.tablequery.engine.catalog.ColumnReference;
import io.tablequery.engine.error.EngineException;
import io.tablequery.engine.ingest.layout.ColumnPlan;
import io.tablequery.engine.ingest.layout.Layout;
import io.tablequery.engine.ingest.layout.LongForm;
import io.tablequery.engine.ingest.layout.TablePlan;
import io.tablequery.engine.ingest.layout.TotalsTracker;
import io.tablequery.engine.ingest.report.CoercionLog;
import io.tablequery.engine.ingest.values.CellClassifier;
import io.tablequery.engine.ingest.values.CellValue;
import io.tablequery.engine.ingest.values.CoercionKind;
import io.tablequery.engine.ingest.values.CoercionReport;
import io.tablequery.engine.ingest.values.ColumnStats;
import io.tablequery.engine.ingest.values.ValueClass;
import io.tablequery.engine.ingest.values.ValueText;
import java.util.ArrayList;
import java.util.List;

/**
 * Writes the rows of one table of a sheet: its data rows to the table, its verified total rows (see {@link
 * TotalsTracker}) to a companion table of the same columns, opened at the first one, and, when its numbers are a
 * crosstab, each data row's numbers to the crosstab's {@link LongForm}, a third table. A row with a total's label whose
 * numbers do not add up stays with the data and is flagged. When a value does not fit the columns decided so far,
 * the builder stops writing and drops what it wrote, and goes on counting, so that its sheet can be read again.
 */
final class TableBuilder {
    private static final int FLAGGED_ROWS = 10;

    private final SheetSource sheet;
    private final Layout layout;
    private final TablePlan plan;
    private final int[] planBySource;
    private final CellClassifier classifier;
    private final boolean[] dateLike;
    private final boolean forced;
    private final String fileName;
    private final CoercionLog log;
    private final RowConverter converter;
    private final TableOutput data;
    private final TableOutput totals;
    private final LongForm longForm;
    private final TableOutput longRows;
    private final TotalsTracker tracker = new TotalsTracker();
    private final boolean checkTotals;
    private final List<Long> flagged = new ArrayList<>();
    private final List<String> extraNotes = new ArrayList<>();
    private final CellValue value = new CellValue();

    /**
     * Creates the builder of one table and opens its data table.
     *
     * @param sheet the sheet
     * @param layout where the table sits
     * @param plan its columns
     * @param classifier classifies the sheet's cells
     * @param dateLike by source column, whether the source declares it a date
     * @param writers opens the sheet's tables
     * @param settings limits and sizes
     * @param forced whether the plan was settled by an earlier read of all rows, so every value must fit
     * @param fileName the file name, for messages
     */
    TableBuilder(
            SheetSource sheet,
            Layout layout,
            TablePlan plan,
            CellClassifier classifier,
            boolean[] dateLike,
            PartWriters writers,
            IngestSettings settings,
            boolean forced,
            String fileName) {
        this.sheet = sheet;
        this.layout = layout;
        this.plan = plan;
        this.planBySource = plan.indexBySource();
        this.classifier = classifier;
        this.dateLike = dateLike;
        this.forced = forced;
        this.fileName = fileName;
        this.log = new CoercionLog(plan.columns(), settings.coercionExamples());
        this.converter = new RowConverter(plan, sheet.kind(), sheet.date1904(), log);
        this.checkTotals = sheet.kind() != SourceKind.DATABASE;
        this.data = new TableOutput(() -> writers.open(TableRole.DATA, -1, plan.storedColumns(), indexColumns()));
        this.totals =
                new TableOutput(() -> writers.open(TableRole.TOTALS, data.part(), plan.storedColumns(), List.of()));
        this.longForm = LongForm.of(plan, layout.crosstab());
        this.longRows = longForm == null
                ? null
                : new TableOutput(() -> writers.open(TableRole.LONG, data.part(), longForm.storedColumns(), List.of()));
        if (!plan.columns().isEmpty()) {
            data.open();
        }
    }

    /**
     * Takes one row of the table.
     *
     * @param row the row, merged cells already filled
     * @param stats the column statistics to count the row's values into, or null
     */
    void take(RawRow row, List<ColumnStats> stats) {
        boolean total = checkTotals && TotalsTracker.labelled(row) && isVerifiedTotal(row);
        TableOutput output = total ? totals : data;
        boolean writing = !plan.columns().isEmpty() && !output.stopped();
        int r = -1;
        if (writing) {
            r = output.addRow(row.rowNumber());
        } else {
            output.countRow(row.rowNumber());
        }
        for (int c = 0; c < row.width(); c++) {
            if (row.kind(c) == CellKind.BLANK) {
                continue;
            }
            classifier.classify(row, c, c < dateLike.length && dateLike[c], value);
            if (stats != null) {
                stats.get(c).add(value);
            }
            if (!total) {
                tracker.add(c, value);
            }
            if (!writing) {
                continue;
            }
            if (!write(output, r, c, row.rowNumber())) {
                stop();
                writing = false;
            } else if (sheet.kind() == SourceKind.DATABASE
                    && c < planBySource.length
                    && planBySource[c] >= 0
                    && !value.has(CellValue.CONTROL_REMOVED | CellValue.UNDECODABLE)) {
                // The SQLite copy keeps the database's own value, but not text the report says was repaired (a NUL
                // removed): both copies hold the repaired text, so the engines answer alike.
                output.batch().setSourceValue(planBySource[c], r, row.valueObject(c));
            }
        }
        if (writing) {
            if (longRows != null && !total) {
                writeLongForm(r, row.rowNumber());
            }
            output.endRow();
        }
    }

    /** Writes the long form's rows of the data row just written. */
    private void writeLongForm(int r, long rowNumber) {
        for (int v = 0; v < longForm.rowsPerRow() && !longRows.stopped(); v++) {
            int to = longRows.addRow(rowNumber * longForm.rowsPerRow() + v);
            longForm.write(data.batch(), r, v, longRows.batch(), to);
            longRows.endRow();
        }
    }

    /** Records that a merged region gave a data cell its value. */
    void noteFill(RawRow row, int column) {
        noteFill(row, column, CoercionKind.MERGED_CELL_FILLED, "(merged)");
    }

    /** Records that a blank cell took the group label written above it. */
    void noteGroupFill(RawRow row, int column) {
        noteFill(row, column, CoercionKind.GROUP_LABEL_FILLED, "(blank)");
    }

    private void noteFill(RawRow row, int column, CoercionKind kind, String original) {
        int p = column < planBySource.length ? planBySource[column] : -1;
        if (p >= 0 && log.count(p, kind)) {
            classifier.classify(row, column, false, value);
            log.example(p, kind, converter.cellReference(p, row.rowNumber()), original, ValueText.render(value));
        }
    }

    /** Adds a note for the ingest report, such as the text found under the table. */
    void note(String note) {
        extraNotes.add(note);
    }

    /** Whether writing stopped because a value did not fit the columns. */
    boolean stopped() {
        return data.stopped() || totals.stopped();
    }

    /** The data rows taken so far, total rows left out. */
    long dataRows() {
        return data.rows();
    }

    /** The columns of this table. */
    TablePlan plan() {
        return plan;
    }

    /** Stops writing and drops both tables. */
    void stop() {
        data.abort();
        totals.abort();
        if (longRows != null) {
            longRows.abort();
        }
    }

    /**
     * Completes the tables and describes them: the data table, then the totals table when there were totals.
     *
     * @param warnings why the layout may not be a table, if it may not
     * @return the tables, in order
     */
    List<IngestedTable> finish(List<String> warnings) {
        if (plan.columns().isEmpty() || stopped()) {
            throw new EngineException(
                    IngestErrorCode.INGEST_FAILED,
                    "sheet '%s' of '%s': its table writer stopped".formatted(sheet.name(), fileName));
        }
        check(data.finish(), data.rows());
        List<ColumnInfo> columns = plan.columns().stream()
                .map(c -> new ColumnInfo(c.name(), c.type(), c.source(), references(c)))
                .toList();
        List<String> notes = new ArrayList<>(layout.notes());
        notes.addAll(plan.notes());
        notes.addAll(extraNotes);
        String crosstab = crosstab();
        if (crosstab != null) {
            notes.add(crosstab);
        }
        List<CoercionReport> coercions = log.reports();
        List<IngestedTable> tables = new ArrayList<>();
        tables.add(new IngestedTable(
                data.part(),
                TableRole.DATA,
                data.part(),
                columns,
                data.rows(),
                layout.titleRows(),
                layout.titles(),
                layout.headerRows(),
                data.firstRow(),
                data.lastRow(),
                flagged,
                totals.listedRows(),
                coercions,
                notes,
                warnings,
                crosstab,
                1));
        if (totals.rows() > 0) {
            check(totals.finish(), totals.rows());
            tables.add(new IngestedTable(
                    totals.part(),
                    TableRole.TOTALS,
                    data.part(),
                    columns,
                    totals.rows(),
                    layout.titleRows(),
                    layout.titles(),
                    layout.headerRows(),
                    totals.firstRow(),
                    totals.lastRow(),
                    List.of(),
                    totals.listedRows(),
                    List.of(),
                    List.of(),
                    List.of(),
                    null,
                    1));
        }
        if (longRows != null && longRows.rows() > 0) {
            check(longRows.finish(), longRows.rows());
            int stride = longForm.rowsPerRow();
            tables.add(new IngestedTable(
                    longRows.part(),
                    TableRole.LONG,
                    data.part(),
                    longForm.columns(),
                    longRows.rows(),
                    layout.titleRows(),
                    layout.titles(),
                    layout.headerRows(),
                    longRows.firstRow() / stride,
                    longRows.lastRow() / stride,
                    List.of(),
                    List.of(),
                    List.of(),
                    List.of(),
                    List.of(),
                    null,
                    stride));
        }
        return tables;
    }

    /** What the crosstab of the table's numbers stands for, when its header makes one of columns it kept. */
    private String crosstab() {
        Layout.Crosstab crosstab = layout.crosstab();
        if (crosstab == null) {
            return null;
        }
        for (int column : crosstab.labels().keySet()) {
            if (column >= planBySource.length || planBySource[column] < 0) {
                return null;
            }
        }
        return crosstab.describe(
                column -> plan.columns().get(planBySource[column]).name());
    }

    /** The foreign key a database declares on a planned column, or null. */
    private ColumnReference references(ColumnPlan column) {
        List<KnownColumn> known = sheet.knownColumns();
        return column.sourceIndex() < known.size()
                ? known.get(column.sourceIndex()).references()
                : null;
    }

    private void check(long written, long rows) {
        if (written != rows) {
            throw new EngineException(
                    IngestErrorCode.INGEST_FAILED,
                    "sheet '%s' of '%s': wrote %d of %d rows".formatted(sheet.name(), fileName, written, rows));
        }
    }

    private boolean isVerifiedTotal(RawRow row) {
        tracker.beginCandidate();
        for (int c = 0; c < row.width(); c++) {
            if (row.kind(c) != CellKind.BLANK) {
                classifier.classify(row, c, c < dateLike.length && dateLike[c], value);
                tracker.candidateCell(c, value);
            }
        }
        if (tracker.decide() == TotalsTracker.Verdict.TOTAL) {
            return true;
        }
        if (flagged.size() < FLAGGED_ROWS) {
            flagged.add(row.rowNumber());
        }
        return false;
    }

    /** Puts the classified value of source column {@code c} into the batch; false when it does not fit. */
    private boolean write(TableOutput output, int r, int c, long rowNumber) {
        int p = c < planBySource.length ? planBySource[c] : -1;
        boolean fits = p >= 0 ? converter.put(output.batch(), r, p, value, rowNumber) : value.cls() == ValueClass.NULL;
        if (!fits && forced) {
            throw new EngineException(
                    IngestErrorCode.INGEST_FAILED,
                    "sheet '%s' of '%s': cell %s%d does not fit the column types decided from all rows"
                            .formatted(sheet.name(), fileName, CellAddress.columnLetters(c), rowNumber));
        }
        return fits;
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
}
