package io.tablequery.engine.search;

import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The packed vectors one searcher ranks by meaning with, per model and per set of tables, built at first use. While
 * tables are still being read, they are built again with the newly made vectors at most once per {@link #REBUILD_PAUSE}
 * (a build copies every vector), and at once when the last table is read; a search counts as unread every table made
 * after the build it ranks with.
 */
final class MeaningMatrices {
    /** Which tables a matrix holds. */
    enum Tables {
        /** Every table. */
        ALL,
        /** The tables whose name or a column's name has CJK characters. */
        CHINESE_NAMED,
        /** The other tables. */
        OTHER_NAMED
    }

    private record Key(MeaningRanking.Model model, Tables tables) {}

    private final Map<String, MeaningIndex.Text> all;
    private final Map<String, MeaningIndex.Text> chineseNamed = new HashMap<>();
    private final Map<String, MeaningIndex.Text> otherNamed = new HashMap<>();
    private final MeaningIndex index;
    private final Map<Key, MeaningMatrix> built = new ConcurrentHashMap<>();
    private int generation = -1;
    private long generationAt;

    /** The least time between two builds while tables are being read. */
    static final Duration REBUILD_PAUSE = Duration.ofSeconds(1);

    /**
     * Creates the matrices of a searcher's tables, none built yet.
     *
     * @param texts the tables' texts by id
     * @param index their vectors
     */
    MeaningMatrices(Map<String, MeaningIndex.Text> texts, MeaningIndex index) {
        this.all = texts;
        this.index = index;
        texts.forEach((id, text) -> (text.chineseNames() ? chineseNamed : otherNamed).put(id, text));
    }

    /**
     * Whether some of the tables are among those without Chinese names.
     *
     * @param ids tables' ids
     * @return whether one of them has no Chinese names
     */
    boolean anyOtherNamed(List<String> ids) {
        return ids.stream().anyMatch(otherNamed::containsKey);
    }

    /** Whether some table has Chinese names. */
    boolean hasChineseNamed() {
        return !chineseNamed.isEmpty();
    }

    /**
     * Chooses how many read tables a search ranks with: the count of the last build while a new one would come sooner
     * than {@link #REBUILD_PAUSE} after it, else the count now.
     *
     * @param read how many tables have vectors now
     * @return how many the search's matrices are to hold at least
     */
    synchronized int generation(int read) {
        long now = System.nanoTime();
        if (generation < 0
                || read == all.size()
                || (read != generation && now - generationAt >= REBUILD_PAUSE.toNanos())) {
            generation = read;
            generationAt = now;
        }
        return generation;
    }

    /**
     * Returns a model's matrix of some tables, building it when it was built for another generation.
     *
     * @param model the model
     * @param tables which tables
     * @param generation how many tables had vectors when the search began ({@link #generation})
     * @return the matrix, holding at least the vectors of that many tables
     */
    MeaningMatrix of(MeaningRanking.Model model, Tables tables, int generation) {
        return built.compute(
                new Key(model, tables),
                (key, matrix) -> matrix != null && matrix.read() == generation
                        ? matrix
                        : MeaningMatrix.of(model, texts(tables), index, generation));
    }

    private Map<String, MeaningIndex.Text> texts(Tables tables) {
        return switch (tables) {
            case ALL -> all;
            case CHINESE_NAMED -> chineseNamed;
            case OTHER_NAMED -> otherNamed;
        };
    }
}
