package io.tablequery.engine.search;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Function;

/**
 * One model's vectors of the questions asked last, so that a question asked again (an agent retrying, a harness
 * repeating a set) costs no model run. Shared by every workspace: a question's vector depends on its text and the
 * model only.
 */
final class QuestionVectors {
    /** About 1.5 kB per question and model: a few MB at most. */
    static final int CAPACITY = 2048;

    private final Map<String, float[]> recent = new LinkedHashMap<>(16, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, float[]> eldest) {
            return size() > CAPACITY;
        }
    };

    /**
     * Returns a question's vectors, embedding it when it was not asked recently.
     *
     * @param question the question
     * @param embed how to embed it
     * @return its vectors
     */
    float[] of(String question, Function<String, float[]> embed) {
        synchronized (recent) {
            float[] known = recent.get(question);
            if (known != null) {
                return known;
            }
        }
        float[] vectors = embed.apply(question);
        synchronized (recent) {
            recent.put(question, vectors);
        }
        return vectors;
    }
}
