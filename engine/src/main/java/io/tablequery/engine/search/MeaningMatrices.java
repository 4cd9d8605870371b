package io.tablequery.engine.search;

import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The packed vectors one searcher ranks by meaning with, per model and per set of tables, built at first use and built
 * again when more tables have their vectors than when they were built.
 */
final class MeaningMatrices {
    /** Which tables a matrix holds. */
    enum Tables {
        /** Every table. */
        ALL,
        /** The tables whose name or a column's name has CJK characters. */
        CHINESE_NAMED
    }

    private record Key(MeaningRanking.Model model, Tables tables) {}

    private final Map<String, MeaningIndex.Text> all;
    private final Map<String, MeaningIndex.Text> chineseNamed = new HashMap<>();
    private final MeaningIndex index;
    private final Map<Key, MeaningMatrix> built = new ConcurrentHashMap<>();

    /**
     * Creates the matrices of a searcher's tables, none built yet.
     *
     * @param texts the tables' texts by id
     * @param index their vectors
     */
    MeaningMatrices(Map<String, MeaningIndex.Text> texts, MeaningIndex index) {
        this.all = texts;
        this.index = index;
        texts.forEach((id, text) -> {
            if (text.chineseNames()) {
                chineseNamed.put(id, text);
            }
        });
    }

    /** Whether some table has Chinese names. */
    boolean hasChineseNamed() {
        return !chineseNamed.isEmpty();
    }

    /**
     * Returns a model's matrix of some tables, building it when it was built with fewer vectors than are read now.
     *
     * @param model the model
     * @param tables which tables
     * @param read how many tables have vectors now
     * @return the matrix
     */
    MeaningMatrix of(MeaningRanking.Model model, Tables tables, int read) {
        return built.compute(
                new Key(model, tables),
                (key, matrix) -> matrix != null && matrix.read() == read
                        ? matrix
                        : MeaningMatrix.of(model, tables == Tables.ALL ? all : chineseNamed, index, read));
    }
}
