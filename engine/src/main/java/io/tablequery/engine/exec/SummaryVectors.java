package io.tablequery.engine.exec;

import static java.util.Objects.requireNonNull;

import io.tablequery.engine.provenance.LineageSummary;
import io.tablequery.engine.provenance.SheetRef;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.BaseIntVector;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.BitVectorHelper;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.complex.ListVector;

/**
 * Cites the rows of a final table read as its query runs, from the summaries or lists of their groups' rows that its
 * batches carry beside the shown columns ({@link LineageSummary}): the citations {@link RangeSummaries} makes from a
 * kept table's columns, without keeping the table. A list is read whole, so it always decides its row; a summary that
 * leaves a row's shown ranges unknown does not, and the table is then kept and its rows listed. A row of no source
 * rows (an aggregate over none) gets no citation, and so cites its sheets, as on a kept table.
 */
final class SummaryVectors {
    /** The most R-numbers the lists of a table's shown rows may hold in all to be read here: 32 MB of them. */
    static final long MOST_VALUES = 4_000_000;

    private final LineageSummary summary;
    private final int ranges;
    private final int smallest;
    private final ListSummaries lists;
    /** Whether each 32-bit list values' vector of the batch being cited holds no NULL, worked out once a batch. */
    private final Map<IntVector, Boolean> nullFree = new IdentityHashMap<>();

    private long listed;

    /**
     * Reads a table's summaries or lists.
     *
     * @param summary the table's summary columns
     * @param ranges the most ranges one citation shows
     */
    SummaryVectors(LineageSummary summary, int ranges) {
        this.summary = requireNonNull(summary, "summary is null");
        this.ranges = ranges;
        this.smallest = LineageSummary.smallest(ranges);
        this.lists = new ListSummaries(smallest);
    }

    /**
     * Cites a batch's first rows.
     *
     * @param batch the batch, its summary columns from {@code first} on, in the order of the summary's columns
     * @param first the position of the first summary column
     * @param rows how many of the batch's first rows to cite
     * @param number the number of the batch's first row, from 1
     * @param citations where each cited row's citation goes; a row of no source rows gets none
     * @return false when a row cannot be cited here: its summary leaves its shown ranges unknown, its lists hold more
     *     R-numbers than {@link #MOST_VALUES} with those read before, or a column is not of the form the summary makes
     */
    boolean cite(VectorSchemaRoot batch, int first, int rows, long number, Map<Long, String> citations) {
        // A reader fills the same vectors with each batch.
        nullFree.clear();
        for (int row = 0; row < rows; row++) {
            if (!(summary.lists()
                    ? listed(batch, first, row, number + row, citations)
                    : summarized(batch, first, row, number + row, citations))) {
                return false;
            }
        }
        return true;
    }

    private boolean summarized(VectorSchemaRoot batch, int first, int row, long number, Map<Long, String> citations) {
        List<RangeSummaries.Summary> sheets = new ArrayList<>();
        for (int i = 0; i < summary.columns().size(); i++) {
            LineageSummary.Column column = summary.columns().get(i);
            FieldVector vector = batch.getVector(first + i);
            RangeSummaries.Summary sheet;
            if (column.single()) {
                long[] one = single(vector, row);
                if (one == null) {
                    return false;
                }
                sheet = RangeSummaries.oneRow(column.sheet(), one);
            } else {
                sheet = summary(column.sheet(), vector, row);
                if (sheet == null) {
                    return false;
                }
            }
            if (sheet.count() > 0) {
                sheets.add(sheet);
            }
        }
        if (sheets.isEmpty()) {
            return true;
        }
        sheets.sort((a, b) -> a.sheet().compareTo(b.sheet()));
        Set<Long> left = new HashSet<>();
        RangeSummaries.decide(number, sheets, ranges, citations, left);
        return left.isEmpty();
    }

    /**
     * A summary, the list {@code [count, largest, smallest...]}; null when the vector holds no such list. A group of
     * no rows of the sheet (an outer join's missing side) is {@code [0, NULL]}: a count of 0 has no values.
     */
    private static RangeSummaries.Summary summary(SheetRef sheet, FieldVector vector, int row) {
        if (!(vector instanceof ListVector list) || !(list.getDataVector() instanceof BigIntVector parts)) {
            return null;
        }
        if (list.isNull(row)) {
            return null;
        }
        int start = list.getElementStartIndex(row);
        long[] values = new long[list.getElementEndIndex(row) - start];
        if (values.length > 0 && !parts.isNull(start) && parts.get(start) == 0) {
            return RangeSummaries.none(sheet);
        }
        for (int k = 0; k < values.length; k++) {
            if (parts.isNull(start + k)) {
                return null;
            }
            values[k] = parts.get(start + k);
        }
        return RangeSummaries.summary(sheet, values);
    }

    /**
     * Cites a row from its lists: each sheet's R-numbers (an outer join's missing side lists NULL), each once. A
     * long list is summarized by its smallest distinct R-numbers first, which decides most rows without sorting them
     * all; the rows that leaves undecided are cited from their lists sorted whole.
     */
    private boolean listed(VectorSchemaRoot batch, int first, int row, long number, Map<Long, String> citations) {
        Map<SheetRef, long[]> bySheet = new TreeMap<>();
        Map<SheetRef, Integer> columns = new TreeMap<>();
        Set<SheetRef> repeating = new HashSet<>();
        for (int i = 0; i < summary.columns().size(); i++) {
            LineageSummary.Column column = summary.columns().get(i);
            long[] read =
                    column.single() ? single(batch.getVector(first + i), row) : list(batch.getVector(first + i), row);
            if (read == null) {
                return false;
            }
            bySheet.merge(column.sheet(), read, RangeSummaries::concat);
            columns.merge(column.sheet(), 1, Integer::sum);
            if (!column.once()) {
                repeating.add(column.sheet());
            }
        }
        List<RangeSummaries.Summary> sheets = new ArrayList<>();
        for (Map.Entry<SheetRef, long[]> sheet : bySheet.entrySet()) {
            long[] all = sheet.getValue();
            boolean distinct = columns.get(sheet.getKey()) == 1 && !repeating.contains(sheet.getKey());
            if (all.length > 0) {
                RangeSummaries.Summary summarized;
                if (all.length <= 4L * smallest) {
                    summarized = RangeSummaries.distinct(sheet.getKey(), all.clone());
                } else if (distinct) {
                    summarized = lists.ofDistinct(sheet.getKey(), all);
                } else {
                    summarized = lists.ofRepeated(sheet.getKey(), all);
                }
                sheets.add(summarized);
            }
        }
        if (sheets.isEmpty()) {
            return true;
        }
        Set<Long> left = new HashSet<>();
        RangeSummaries.decide(number, sheets, ranges, citations, left);
        if (!left.isEmpty()) {
            List<RangeSummaries.Summary> whole = new ArrayList<>();
            bySheet.forEach((sheet, all) -> {
                if (all.length > 0) {
                    whole.add(RangeSummaries.distinct(sheet, all));
                }
            });
            left.clear();
            RangeSummaries.decide(number, whole, ranges, citations, left);
        }
        return left.isEmpty();
    }

    /** A group's one row as the R-numbers it holds, its own or none for NULL; null when not a whole number. */
    private static long[] single(FieldVector vector, int row) {
        if (!(vector instanceof BaseIntVector single)) {
            return null;
        }
        return single.isNull(row) ? new long[0] : new long[] {single.getValueAsLong(row)};
    }

    /**
     * A list's R-numbers, NULL left out; null when not a list of whole numbers or past {@link #MOST_VALUES}. A list is
     * of 64-bit or, where a table's rowids fit, 32-bit integers ({@code SqlDialect#rowList}).
     */
    private long[] list(FieldVector vector, int row) {
        if (!(vector instanceof ListVector list) || !(list.getDataVector() instanceof BaseIntVector values)) {
            return null;
        }
        if (list.isNull(row)) {
            return new long[0];
        }
        int start = list.getElementStartIndex(row);
        int end = list.getElementEndIndex(row);
        listed += end - start;
        if (listed > MOST_VALUES) {
            return null;
        }
        long[] read = new long[end - start];
        int kept = 0;
        if (values instanceof IntVector ints) {
            // From the buffers: isNull and getValueAsLong read a value's validity bit twice; here it is read once, and
            // not at all in a vector without NULL.
            boolean dense = nullFree.computeIfAbsent(ints, v -> v.getNullCount() == 0);
            ArrowBuf validity = ints.getValidityBuffer();
            ArrowBuf data = ints.getDataBuffer();
            for (int k = start; k < end; k++) {
                if (dense || BitVectorHelper.get(validity, k) != 0) {
                    read[kept++] = data.getInt((long) k * IntVector.TYPE_WIDTH);
                }
            }
        } else {
            for (int k = start; k < end; k++) {
                if (!values.isNull(k)) {
                    read[kept++] = values.getValueAsLong(k);
                }
            }
        }
        return kept == read.length ? read : Arrays.copyOf(read, kept);
    }
}
