package io.tablequery.engine.ingest.layout;

import io.tablequery.engine.ingest.RawRow;
import io.tablequery.engine.ingest.values.CellClassifier;
import io.tablequery.engine.ingest.values.CellValue;
import io.tablequery.engine.ingest.values.ColumnStats;
import io.tablequery.engine.ingest.values.ValueClass;
import io.tablequery.engine.ingest.values.ValueText;
import java.util.List;

/** A sheet's first rows as layout detection reads them: each cell's class (computed once) and its text as a label. */
final class SheetSample {
    /** How far below a row the rules look at a column's values. */
    static final int BELOW_ROWS = 200;

    private final List<RawRow> rows;
    private final CellClassifier classifier;
    private final ValueClass[][] classes;
    private final CellValue scratch = new CellValue();

    SheetSample(List<RawRow> rows, CellClassifier classifier) {
        this.rows = rows;
        this.classifier = classifier;
        this.classes = new ValueClass[rows.size()][];
    }

    List<RawRow> rows() {
        return rows;
    }

    /** The class of a cell, {@code NULL} past the row's end. */
    ValueClass classOf(int index, int column) {
        ValueClass[] rowClasses = classes[index];
        if (rowClasses == null) {
            RawRow row = rows.get(index);
            rowClasses = new ValueClass[row.width()];
            for (int c = 0; c < row.width(); c++) {
                classifier.classify(row, c, false, scratch);
                rowClasses[c] = scratch.cls();
            }
            classes[index] = rowClasses;
        }
        return column < rowClasses.length ? rowClasses[column] : ValueClass.NULL;
    }

    /** A cell's text as a column name, cleaned; null when blank. */
    String cellText(int index, int column) {
        classifier.classify(rows.get(index), column, false, scratch);
        String text = ValueText.render(scratch);
        return text == null ? null : ColumnNames.clean(text);
    }

    /** The most common class of a column's values in the rows from {@code from} on (up to {@link #BELOW_ROWS}). */
    ValueClass dominantBelow(int column, int from) {
        ColumnStats stats = new ColumnStats();
        for (int i = from; i < Math.min(rows.size(), from + BELOW_ROWS); i++) {
            stats.add(classOf(i, column));
        }
        return stats.dominant();
    }

    /** Whether a column holds a value in the rows from {@code from} on (up to {@link #BELOW_ROWS}). */
    boolean hasValueBelow(int column, int from) {
        for (int i = from; i < Math.min(rows.size(), from + BELOW_ROWS); i++) {
            if (!rows.get(i).isBlank(column)) {
                return true;
            }
        }
        return false;
    }
}
