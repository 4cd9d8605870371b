package io.tablequery.engine.search;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The packed vectors measure every table against a question, a large matrix in two halves at once. */
class MeaningMatrixTest {
    private static float[] unit(Random random, int dimension) {
        float[] vector = new float[dimension];
        double norm = 0;
        for (int d = 0; d < dimension; d++) {
            vector[d] = (float) random.nextGaussian();
            norm += vector[d] * vector[d];
        }
        for (int d = 0; d < dimension; d++) {
            vector[d] /= (float) Math.sqrt(norm);
        }
        return vector;
    }

    private static double dot(float[] a, float[] b) {
        double sum = 0;
        for (int d = 0; d < a.length; d++) {
            sum += a[d] * b[d];
        }
        return sum;
    }

    @Test
    void everyRowOfALargeMatrixGetsItsCosineAndTheNearestComeFirst() {
        for (int rows : new int[] {7, 4096, 5001}) {
            Random random = new Random(rows);
            List<String> ids = new ArrayList<>();
            List<float[]> vectors = new ArrayList<>();
            for (int i = 0; i < rows; i++) {
                ids.add("t" + i);
                vectors.add(unit(random, 384));
            }
            MeaningMatrix matrix = MeaningMatrix.packed(ids, vectors, rows);
            float[] question = unit(random, 384);
            List<MeaningRanking.Similar> all = matrix.all(question);
            assertThat(all).hasSize(rows);
            for (int i = 0; i < rows; i++) {
                assertThat(all.get(i).id()).isEqualTo("t" + i);
                assertThat((double) all.get(i).cosine()).isCloseTo(dot(question, vectors.get(i)), within(1e-5));
            }
            List<MeaningRanking.Similar> expected = all.stream()
                    .sorted(Comparator.comparingDouble(MeaningRanking.Similar::cosine)
                            .reversed())
                    .limit(5)
                    .toList();
            assertThat(matrix.nearest(question, -1f, 5)).isEqualTo(expected);
        }
    }
}
