package io.tablequery.engine.search;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinTask;

/**
 * One model's vectors of a set of tables packed in one array, dimension by dimension (the first component of every
 * table's vector, then the second, ...), so that a question is measured against every table in one pass whose inner
 * loop adds a multiple of one array slice to the scores: independent additions the JIT compiler turns into SIMD
 * instructions, with no lookup and no object per table. Built from the vectors made so far, and built again by its
 * owner when more are made.
 */
final class MeaningMatrix {
    private static final Comparator<MeaningRanking.Similar> BEST_FIRST = Comparator.comparingDouble(
                    MeaningRanking.Similar::cosine)
            .reversed()
            .thenComparing(MeaningRanking.Similar::id);

    /** The fewest rows measured in two halves at once. */
    private static final int SPLIT_ROWS = 4096;

    private final String[] ids;
    private final float[] columns;
    private final int dimension;
    private final int read;

    private MeaningMatrix(String[] ids, float[] columns, int dimension, int read) {
        this.ids = ids;
        this.columns = columns;
        this.dimension = dimension;
        this.read = read;
    }

    /**
     * Packs the vectors a model made of some tables' texts; a table without them is left out.
     *
     * @param model the model
     * @param texts the tables' texts by id
     * @param index the vectors
     * @param read how many of the workspace's tables had vectors when this was asked for
     * @return the matrix
     */
    static MeaningMatrix of(
            MeaningRanking.Model model, Map<String, MeaningIndex.Text> texts, MeaningIndex index, int read) {
        List<String> ids = new ArrayList<>(texts.size());
        List<float[]> vectors = new ArrayList<>(texts.size());
        for (Map.Entry<String, MeaningIndex.Text> text : texts.entrySet()) {
            float[] vector = index.vectors(text.getValue().key()).map(model::of).orElse(null);
            if (vector != null) {
                ids.add(text.getKey());
                vectors.add(vector);
            }
        }
        return packed(ids, vectors, read);
    }

    /**
     * Packs vectors, dimension by dimension.
     *
     * @param ids the tables' ids
     * @param vectors their vectors, in the same order, all of one length
     * @param read how many of the workspace's tables had vectors when this was asked for
     * @return the matrix
     */
    static MeaningMatrix packed(List<String> ids, List<float[]> vectors, int read) {
        int count = vectors.size();
        int dimension = count == 0 ? 0 : vectors.get(0).length;
        float[] columns = new float[count * dimension];
        for (int row = 0; row < count; row++) {
            float[] vector = vectors.get(row);
            for (int d = 0; d < dimension; d++) {
                columns[d * count + row] = vector[d];
            }
        }
        return new MeaningMatrix(ids.toArray(String[]::new), columns, dimension, read);
    }

    /** How many of the workspace's tables had vectors when this was built. */
    int read() {
        return read;
    }

    /**
     * Finds the tables nearest a question.
     *
     * @param question the question's unit vector by this matrix's model
     * @param floor the least cosine a table needs
     * @param limit how many to return
     * @return the tables by cosine, best first, ties by id
     */
    List<MeaningRanking.Similar> nearest(float[] question, float floor, int limit) {
        float[] cosines = cosines(question);
        // The best `limit` rows so far, and the position of the worst of them, which a better row replaces.
        int[] best = new int[Math.min(limit, cosines.length)];
        int kept = 0;
        int worst = -1;
        for (int row = 0; row < cosines.length; row++) {
            float cosine = cosines[row];
            if (cosine < floor) {
                continue;
            }
            if (kept < best.length) {
                best[kept++] = row;
                if (kept == best.length) {
                    worst = worstOf(best, cosines);
                }
            } else if (best.length > 0 && isBetter(row, best[worst], cosines)) {
                best[worst] = row;
                worst = worstOf(best, cosines);
            }
        }
        List<MeaningRanking.Similar> nearest = new ArrayList<>(kept);
        for (int i = 0; i < kept; i++) {
            nearest.add(new MeaningRanking.Similar(ids[best[i]], cosines[best[i]]));
        }
        nearest.sort(BEST_FIRST);
        return nearest;
    }

    /**
     * Measures every table against a question.
     *
     * @param question the question's unit vector by this matrix's model
     * @return each table's cosine, in no order
     */
    List<MeaningRanking.Similar> all(float[] question) {
        float[] cosines = cosines(question);
        List<MeaningRanking.Similar> all = new ArrayList<>(ids.length);
        for (int row = 0; row < ids.length; row++) {
            all.add(new MeaningRanking.Similar(ids[row], cosines[row]));
        }
        return all;
    }

    /**
     * The cosine of the question with every row, all unit vectors. A large matrix is measured in two halves at once,
     * the second on the common pool: the pass is bound by reading the matrix from memory (15 MB for 10,000 tables),
     * which two cores read faster than one (a 10,000-row pass with cold caches: 2.7 ms on one core, 1.7 ms on two).
     */
    private float[] cosines(float[] question) {
        int count = ids.length;
        float[] cosines = new float[count];
        if (count < SPLIT_ROWS || Runtime.getRuntime().availableProcessors() < 2) {
            cosines(question, cosines, 0, count);
            return cosines;
        }
        int middle = count / 2;
        ForkJoinTask<?> second = ForkJoinPool.commonPool().submit(() -> cosines(question, cosines, middle, count));
        cosines(question, cosines, 0, middle);
        second.join();
        return cosines;
    }

    /** Adds the question's products with the rows from {@code start} to {@code end} into their cosines. */
    private void cosines(float[] question, float[] cosines, int start, int end) {
        int count = ids.length;
        for (int d = 0; d < dimension; d++) {
            float component = question[d];
            int offset = d * count;
            for (int row = start; row < end; row++) {
                cosines[row] += component * columns[offset + row];
            }
        }
    }

    private boolean isBetter(int row, int other, float[] cosines) {
        return cosines[row] > cosines[other] || (cosines[row] == cosines[other] && ids[row].compareTo(ids[other]) < 0);
    }

    private int worstOf(int[] best, float[] cosines) {
        int worst = 0;
        for (int i = 1; i < best.length; i++) {
            if (isBetter(best[worst], best[i], cosines)) {
                worst = i;
            }
        }
        return worst;
    }
}
