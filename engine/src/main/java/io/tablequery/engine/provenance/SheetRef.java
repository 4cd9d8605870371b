package io.tablequery.engine.provenance;

import io.tablequery.engine.catalog.FileRefs;
import io.tablequery.engine.catalog.TableInfo;
import java.util.Comparator;

/**
 * One sheet of one file, cited as {@code F1S2}.
 *
 * @param fileNumber the F-number
 * @param sheetNumber the S-number
 */
public record SheetRef(int fileNumber, int sheetNumber) implements Comparable<SheetRef> {
    private static final Comparator<SheetRef> ORDER =
            Comparator.comparingInt(SheetRef::fileNumber).thenComparingInt(SheetRef::sheetNumber);

    /**
     * Returns the sheet a table was made from.
     *
     * @param table the table
     * @return its sheet
     */
    public static SheetRef of(TableInfo table) {
        return new SheetRef(table.fileNumber(), table.sheetNumber());
    }

    @Override
    public int compareTo(SheetRef other) {
        return ORDER.compare(this, other);
    }

    @Override
    public String toString() {
        StringBuilder out = new StringBuilder(16);
        appendTo(out);
        return out.toString();
    }

    /**
     * Writes the sheet as {@link #toString} does, without making a string: each cited row's citation writes its
     * sheets.
     *
     * @param out where to write
     */
    public void appendTo(StringBuilder out) {
        FileRefs.appendTo(out, fileNumber);
        out.append('S').append(sheetNumber);
    }
}
