package io.tablequery.engine.exec;

import static org.assertj.core.api.Assertions.assertThat;

import io.tablequery.engine.provenance.SheetRef;
import java.util.Arrays;
import java.util.SplittableRandom;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

class ListSummariesTest {
    private static final SheetRef SHEET = new SheetRef(1, 1);
    private static final int SMALLEST = 168;

    /**
     * Lists dense enough for the bit set and sparse enough for the hash set, negative R-numbers, spans that overflow a
     * long, and one summarizer reused across lists (its bits must be left clear): each summary is the one a sorted set
     * of the list gives.
     */
    @Test
    void summarizesRepeatedListsAsTheirDistinctRows() {
        ListSummaries lists = new ListSummaries(SMALLEST);
        SplittableRandom random = new SplittableRandom(52);
        for (int i = 0; i < 3_000; i++) {
            int size = 1 + random.nextInt(i % 3 == 0 ? 40 : 5_000);
            long span =
                    switch (i % 5) {
                        case 0 -> 1 + random.nextInt(size);
                        case 1 -> 1 + (long) size * 64 * ListSummaries.WORDS_PER_VALUE / 2;
                        case 2 -> 1 + (long) size * 64 * ListSummaries.WORDS_PER_VALUE * 4;
                        case 3 -> 1L << 40;
                        default -> 1 + random.nextInt(200_000);
                    };
            long least = random.nextLong(-1_000_000, 1_000_000);
            long[] all = new long[size];
            for (int k = 0; k < size; k++) {
                all[k] = least + random.nextLong(span);
            }
            assertSame(lists.ofRepeated(SHEET, all), expected(all), "list " + i);
        }
        long[] extremes = {Long.MAX_VALUE, Long.MIN_VALUE, 0, Long.MAX_VALUE, -5, Long.MIN_VALUE};
        assertSame(lists.ofRepeated(SHEET, extremes), expected(extremes), "a span past a long");
        long[] wide = new long[600_000];
        for (int k = 0; k < wide.length; k++) {
            wide[k] = (k % 300_000) * 1000L;
        }
        assertSame(lists.ofRepeated(SHEET, wide), expected(wide), "a span past the bit set's most words");
        long[] one = {7, 7, 7};
        assertSame(lists.ofRepeated(SHEET, one), expected(one), "one row repeated");
    }

    @Test
    void summarizesDistinctListsByTheirSmallest() {
        ListSummaries lists = new ListSummaries(SMALLEST);
        SplittableRandom random = new SplittableRandom(3);
        for (int i = 0; i < 500; i++) {
            long[] all = random.longs(1 + random.nextInt(3_000), -10_000, 1_000_000)
                    .distinct()
                    .toArray();
            assertSame(lists.ofDistinct(SHEET, all), expected(all), "list " + i);
        }
    }

    private static RangeSummaries.Summary expected(long[] all) {
        TreeSet<Long> distinct = new TreeSet<>();
        Arrays.stream(all).forEach(distinct::add);
        long[] smallest =
                distinct.stream().limit(SMALLEST).mapToLong(Long::longValue).toArray();
        return new RangeSummaries.Summary(SHEET, distinct.size(), distinct.last(), smallest);
    }

    private static void assertSame(RangeSummaries.Summary actual, RangeSummaries.Summary expected, String what) {
        assertThat(actual.count()).as(what + ": count").isEqualTo(expected.count());
        assertThat(actual.largest()).as(what + ": largest").isEqualTo(expected.largest());
        assertThat(actual.smallest()).as(what + ": smallest").containsExactly(expected.smallest());
    }
}
