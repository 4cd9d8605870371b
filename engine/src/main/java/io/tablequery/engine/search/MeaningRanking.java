package io.tablequery.engine.search;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Ranks the tables whose vectors are made by the cosine of their text's vector with the question's, with the model
 * that read the question; a table below that model's floor is not similar enough to be offered for its meaning.
 */
final class MeaningRanking {
    /**
     * The least cosine that ranks a table, by model: below it the small models' cosines say little (measured on short
     * table texts: unrelated tables at 0.45-0.52 for the English model, 0.27-0.44 for the Chinese one).
     */
    static final float ENGLISH_FLOOR = 0.55f;

    static final float CHINESE_FLOOR = 0.45f;

    /**
     * A table and how near its text is to the question.
     *
     * @param id the table's id
     * @param cosine the cosine of the two vectors
     */
    record Similar(String id, float cosine) {}

    private MeaningRanking() {}

    /**
     * Ranks tables for a question.
     *
     * @param question the question's vectors
     * @param texts the tables' texts by id
     * @param index the tables' vectors
     * @param limit how many to return
     * @return the tables by cosine, best first, each at least its model's floor
     */
    static List<Similar> rank(
            MeaningVectors question, Map<String, MeaningIndex.Text> texts, MeaningIndex index, int limit) {
        boolean chinese = question.english() == null;
        float[] query = chinese ? question.chinese() : question.english();
        float floor = chinese ? CHINESE_FLOOR : ENGLISH_FLOOR;
        List<Similar> similar = new ArrayList<>();
        for (Map.Entry<String, MeaningIndex.Text> text : texts.entrySet()) {
            Optional<MeaningVectors> vectors = index.vectors(text.getValue().key());
            float[] table =
                    vectors.map(v -> chinese ? v.chinese() : v.english()).orElse(null);
            if (table != null) {
                float cosine = MeaningVectors.cosine(query, table);
                if (cosine >= floor) {
                    similar.add(new Similar(text.getKey(), cosine));
                }
            }
        }
        similar.sort(Comparator.comparingDouble(Similar::cosine).reversed().thenComparing(Similar::id));
        return similar.subList(0, Math.min(limit, similar.size()));
    }
}
