package io.tablequery.engine.search;

/**
 * A text's unit vectors, one per model that read it.
 *
 * @param english the English model's vector, or null when it did not read the text
 * @param chinese the Chinese model's vector, or null when it did not read the text
 */
record MeaningVectors(float[] english, float[] chinese) {
    MeaningVectors {
        if (english == null && chinese == null) {
            throw new IllegalArgumentException("no vector");
        }
    }
}
