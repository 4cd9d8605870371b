package io.tablequery.engine.exec;

import io.tablequery.engine.provenance.SheetRef;
import java.util.Arrays;

/**
 * Summarizes a group's list of one sheet's R-numbers as a citation needs it: how many distinct rows, the largest, and
 * the {@code smallest} smallest in order. A list that holds each row once is summarized in a bounded heap; one that
 * repeats rows (a join repeating a source's rows: TPC-H q09's parts, suppliers and orders once per line item) first
 * finds its distinct rows, in a bit set over the list's span of R-numbers where that span is at most {@link
 * #WORDS_PER_VALUE} words a value and {@link #MOST_WORDS} in all, else in a hash set. TPC-H q09 at sf1, whose 175 groups list 1.6M repeated R-numbers,
 * spent 36 ms a run in the hash set alone.
 */
final class ListSummaries {
    /**
     * The most 64-bit words of a bit set per listed value: setting a value's bit and reading back a word costs a few
     * nanoseconds where hashing a value costs about twenty.
     */
    static final int WORDS_PER_VALUE = 8;

    /**
     * The most words of the bit set, 32 MB, which a summarizer keeps for the lists of one read: a list of many values
     * over a sparse span is hashed instead (about 44 bytes a value, held only while it is summarized).
     */
    static final int MOST_WORDS = 1 << 22;

    private final int smallest;
    private long[] bits = new long[0];

    /**
     * Summarizes lists of one read.
     *
     * @param smallest how many of the smallest R-numbers a summary keeps
     */
    ListSummaries(int smallest) {
        this.smallest = smallest;
    }

    /**
     * Summarizes a list that holds each of its R-numbers once.
     *
     * @param sheet the list's sheet
     * @param all its R-numbers
     * @return the summary
     */
    RangeSummaries.Summary ofDistinct(SheetRef sheet, long[] all) {
        long[] heap = new long[smallest];
        int size = 0;
        long largest = Long.MIN_VALUE;
        for (long value : all) {
            largest = Math.max(largest, value);
            if (size < heap.length) {
                heap[size] = value;
                up(heap, size++);
            } else if (value < heap[0]) {
                heap[0] = value;
                down(heap, size);
            }
        }
        long[] kept = Arrays.copyOf(heap, size);
        Arrays.sort(kept);
        return new RangeSummaries.Summary(sheet, all.length, largest, kept);
    }

    /**
     * Summarizes a list that may repeat R-numbers, counting each once.
     *
     * @param sheet the list's sheet
     * @param all its R-numbers
     * @return the summary
     */
    RangeSummaries.Summary ofRepeated(SheetRef sheet, long[] all) {
        long least = Long.MAX_VALUE;
        long most = Long.MIN_VALUE;
        for (long value : all) {
            least = Math.min(least, value);
            most = Math.max(most, value);
        }
        long span = most - least;
        if (all.length > 0 && span >= 0 && (span >>> 6) < Math.min((long) WORDS_PER_VALUE * all.length, MOST_WORDS)) {
            return inBits(sheet, all, least, most, (int) (span >>> 6) + 1);
        }
        return ofDistinct(sheet, hashedDistinct(all));
    }

    /** The summary of a list whose span is {@code words} words, its bits set and then read and cleared in order. */
    private RangeSummaries.Summary inBits(SheetRef sheet, long[] all, long least, long most, int words) {
        if (bits.length < words) {
            bits = new long[Math.min(MOST_WORDS, Math.max(words, 2 * bits.length))];
        }
        for (long value : all) {
            long offset = value - least;
            bits[(int) (offset >>> 6)] |= 1L << offset;
        }
        long count = 0;
        long[] kept = new long[smallest];
        int size = 0;
        for (int w = 0; w < words; w++) {
            long word = bits[w];
            if (word == 0) {
                continue;
            }
            bits[w] = 0;
            count += Long.bitCount(word);
            while (word != 0 && size < kept.length) {
                kept[size++] = least + ((long) w << 6) + Long.numberOfTrailingZeros(word);
                word &= word - 1;
            }
        }
        return new RangeSummaries.Summary(sheet, count, most, size == kept.length ? kept : Arrays.copyOf(kept, size));
    }

    /** The distinct R-numbers of a list, found by an open-addressing hash set. */
    private static long[] hashedDistinct(long[] all) {
        int capacity = Integer.highestOneBit(Math.max(1, all.length)) << 2;
        int mask = capacity - 1;
        long[] slots = new long[capacity];
        boolean[] used = new boolean[capacity];
        long[] distinct = new long[all.length];
        int count = 0;
        for (long value : all) {
            long mixed = value * 0x9E3779B97F4A7C15L;
            int slot = (int) (mixed ^ (mixed >>> 32)) & mask;
            while (used[slot] && slots[slot] != value) {
                slot = (slot + 1) & mask;
            }
            if (!used[slot]) {
                used[slot] = true;
                slots[slot] = value;
                distinct[count++] = value;
            }
        }
        return count == all.length ? distinct : Arrays.copyOf(distinct, count);
    }

    /** Moves a new value up a max-heap. */
    private static void up(long[] heap, int at) {
        while (at > 0 && heap[(at - 1) / 2] < heap[at]) {
            swap(heap, at, (at - 1) / 2);
            at = (at - 1) / 2;
        }
    }

    /** Moves a replaced top down a max-heap of {@code size} values. */
    private static void down(long[] heap, int size) {
        int at = 0;
        while (true) {
            int child = 2 * at + 1;
            if (child >= size) {
                return;
            }
            if (child + 1 < size && heap[child + 1] > heap[child]) {
                child++;
            }
            if (heap[at] >= heap[child]) {
                return;
            }
            swap(heap, at, child);
            at = child;
        }
    }

    private static void swap(long[] heap, int a, int b) {
        long kept = heap[a];
        heap[a] = heap[b];
        heap[b] = kept;
    }
}
