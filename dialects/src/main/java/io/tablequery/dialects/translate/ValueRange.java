package io.tablequery.dialects.translate;

/**
 * The smallest and largest of a column's whole-number values: a table's rowids, read from the ends of its B-tree.
 *
 * @param least the smallest value
 * @param most the largest value
 */
public record ValueRange(long least, long most) {
    public ValueRange {
        if (least > most) {
            throw new IllegalArgumentException("a range from %d to %d is empty".formatted(least, most));
        }
    }

    /**
     * Whether every value lies within 32 bits, so a list of them may be a list of 32-bit integers.
     *
     * @return whether they fit
     */
    public boolean int32() {
        return least >= Integer.MIN_VALUE && most <= Integer.MAX_VALUE;
    }

    /**
     * How many whole numbers the range holds, at most {@link Long#MAX_VALUE}.
     *
     * @return the count
     */
    public long width() {
        long width = most - least + 1;
        return width <= 0 ? Long.MAX_VALUE : width;
    }
}
