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

    /** The cosine of two unit vectors. */
    static float cosine(float[] a, float[] b) {
        float sum = 0;
        for (int i = 0; i < a.length; i++) {
            sum += a[i] * b[i];
        }
        return sum;
    }
}
