package io.tablequery.engine.duck;

import java.util.Locale;
import java.util.Optional;

/** The charts the chart tool draws, with the names an agent may call them by. */
enum ChartKind {
    /** Bars: y summed per x, ordered by x when it is a number or date, else in the order x first appears. */
    BAR,
    /** A line: y summed per x, ordered by x. */
    LINE,
    /** Points: one per row, x against y. */
    SCATTER,
    /** A pie: y summed per x as slices. */
    ARC,
    /** Bars of how many values of x fall in each of up to 20 equal bins. */
    HISTOGRAM;

    /** The names accepted, for error messages. */
    static final String NAMES = "bar, line, scatter (or point), arc (or pie), histogram";

    static Optional<ChartKind> parse(String name) {
        if (name == null) {
            return Optional.empty();
        }
        return switch (name.strip().toLowerCase(Locale.ROOT)) {
            case "bar" -> Optional.of(BAR);
            case "line" -> Optional.of(LINE);
            case "scatter", "point" -> Optional.of(SCATTER);
            case "arc", "pie" -> Optional.of(ARC);
            case "histogram" -> Optional.of(HISTOGRAM);
            default -> Optional.empty();
        };
    }

    /** The name the response gives. */
    String label() {
        return name().toLowerCase(Locale.ROOT);
    }
}
