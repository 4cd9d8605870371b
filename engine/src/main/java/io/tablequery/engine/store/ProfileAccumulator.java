package io.tablequery.engine.store;

import io.tablequery.dialects.translate.AsciiLetters;
import io.tablequery.engine.catalog.ColumnProfile;
import io.tablequery.engine.catalog.ColumnType;
import io.tablequery.engine.catalog.StoredValues;
import io.tablequery.engine.catalog.TableProfile;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Profiles a small table from the batches on their way to storage, so that its upload runs no profiling statement:
 * DuckDB plans a statement per column it names, which made a table of 300 columns and 2 rows cost 100 ms to
 * profile. It gives up (and {@link TableProfiler} profiles the stored table instead) once the table holds more than
 * {@link #MAX_CELLS} cells or its distinct text more than {@link #MAX_CHARS} characters, so memory stays small; and
 * for BLOB columns, whose text is DuckDB's to write. Its profiles equal {@link TableProfiler}'s
 * ({@code TableProfilerTest}).
 */
final class ProfileAccumulator {
    /** Up to how many cells a table is profiled on the way in. */
    static final long MAX_CELLS = 200_000;
    /** Up to how many characters of distinct text are held. */
    static final long MAX_CHARS = 8_000_000;

    private final List<StoredColumn> columns;
    private final List<Map<Object, long[]>> counts = new ArrayList<>();
    private long rows;
    private long chars;
    private boolean abandoned;

    ProfileAccumulator(List<StoredColumn> columns) {
        this.columns = List.copyOf(columns);
        abandoned = columns.stream().anyMatch(column -> column.type() == ColumnType.BLOB);
        for (int c = 0; c < columns.size(); c++) {
            counts.add(new HashMap<>());
        }
    }

    /** Counts a batch's values; the batch is not changed. */
    void add(ColumnBatch batch) {
        if (abandoned) {
            return;
        }
        rows += batch.size();
        if (rows * columns.size() > MAX_CELLS) {
            abandon();
            return;
        }
        for (int c = 0; c < columns.size(); c++) {
            Map<Object, long[]> column = counts.get(c);
            ColumnType type = columns.get(c).type();
            for (int r = 0; r < batch.size(); r++) {
                if (!batch.isNull(c, r)) {
                    Object key = key(type, batch, c, r);
                    long[] n = column.get(key);
                    if (n == null) {
                        column.put(key, new long[] {1});
                        if (key instanceof String text) {
                            chars += text.length();
                        }
                    } else {
                        n[0]++;
                    }
                }
            }
        }
        if (chars > MAX_CHARS) {
            abandon();
        }
    }

    /**
     * Returns the profile of every row added, unless the table was too large to profile this way.
     *
     * @return the profile, or empty when the stored table must be profiled instead
     */
    Optional<TableProfile> profile() {
        if (abandoned) {
            return Optional.empty();
        }
        List<ColumnProfile> profiles = new ArrayList<>();
        for (int c = 0; c < columns.size(); c++) {
            profiles.add(column(columns.get(c), counts.get(c)));
        }
        return Optional.of(new TableProfile(profiles));
    }

    private ColumnProfile column(StoredColumn column, Map<Object, long[]> values) {
        Comparator<String> order = ProfileValues.order(column.type());
        long nonNull = 0;
        String min = null;
        String max = null;
        List<Map.Entry<String, Long>> listed = new ArrayList<>();
        for (Map.Entry<Object, long[]> entry : values.entrySet()) {
            String text = text(column.type(), entry.getKey());
            nonNull += entry.getValue()[0];
            if (min == null || order.compare(text, min) < 0) {
                min = text;
            }
            if (max == null || order.compare(text, max) > 0) {
                max = text;
            }
            if (values.size() <= TableProfile.VALUE_LIMIT) {
                listed.add(Map.entry(text, entry.getValue()[0]));
            }
        }
        listed.sort(
                Map.Entry.<String, Long>comparingByValue().reversed().thenComparing(Map.Entry.comparingByKey(order)));
        AsciiLetters letters = column.type() == ColumnType.TEXT
                ? AsciiLetterProfile.of(
                        values.keySet().stream().map(String.class::cast).toList())
                : null;
        return new ColumnProfile(
                column.name(),
                rows - nonNull,
                values.size(),
                min,
                max,
                listed.stream().map(Map.Entry::getKey).toList(),
                letters);
    }

    /** The value's identity in the column: reals with -0.0 made 0.0, as DuckDB holds the two equal. */
    private static Object key(ColumnType type, ColumnBatch batch, int column, int row) {
        return switch (type) {
            case REAL -> {
                double value = batch.doubleValue(column, row);
                yield value == 0 ? 0.0 : value;
            }
            case TEXT -> storedText((String) batch.object(column, row));
            default -> batch.longValue(column, row);
        };
    }

    /** Text as the copies store it: UTF-8, where an unpaired surrogate becomes {@code ?}. */
    private static String storedText(String text) {
        for (int i = 0; i < text.length(); i++) {
            if (Character.isSurrogate(text.charAt(i))) {
                return new String(text.getBytes(StandardCharsets.UTF_8), StandardCharsets.UTF_8);
            }
        }
        return text;
    }

    private static String text(ColumnType type, Object key) {
        return switch (type) {
            case REAL -> ProfileValues.real((Double) key);
            case DATE -> StoredValues.dateText((Long) key);
            case TIMESTAMP -> StoredValues.timestampText((Long) key);
            case TEXT -> (String) key;
            default -> Long.toString((Long) key);
        };
    }

    private void abandon() {
        abandoned = true;
        counts.clear();
    }
}
