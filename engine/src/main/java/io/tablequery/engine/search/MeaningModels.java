package io.tablequery.engine.search;

import dev.langchain4j.model.embedding.EmbeddingModel;
import dev.langchain4j.model.embedding.onnx.bgesmallenv15q.BgeSmallEnV15QuantizedEmbeddingModel;
import dev.langchain4j.model.embedding.onnx.bgesmallzhv15q.BgeSmallZhV15QuantizedEmbeddingModel;

/**
 * The embedding models search-tables reads meaning with, run in the process from the jar (no network, no model hub):
 * BAAI's bge-small-en-v1.5 and bge-small-zh-v1.5, both quantized ONNX through ONNX Runtime. Each is loaded at its
 * first use (about 2 s and 0.5 s) and shared by every workspace.
 */
final class MeaningModels {
    /** The models' identity, stored with the vectors: vectors of other models are not read. */
    static final String NAME = "bge-small-en-v1.5-q+bge-small-zh-v1.5-q";

    /** bge's instruction for a short query that looks for passages. */
    private static final String ENGLISH_QUERY = "Represent this sentence for searching relevant passages: ";

    private static final String CHINESE_QUERY = "为这个句子生成表示以用于检索相关文章：";

    /** Loaded when first read: the JVM initializes a holder class once, at its first use. */
    private static final class English {
        static final EmbeddingModel MODEL = new BgeSmallEnV15QuantizedEmbeddingModel();
    }

    private static final class Chinese {
        static final EmbeddingModel MODEL = new BgeSmallZhV15QuantizedEmbeddingModel();
    }

    private MeaningModels() {}

    /**
     * Embeds a table's text: with the English model always, and with the Chinese model too when it has CJK
     * characters.
     *
     * @param text the text
     * @return its vectors
     */
    static MeaningVectors document(String text) {
        return new MeaningVectors(
                unit(English.MODEL.embed(text).content().vector()),
                Scripts.hasCjk(text) ? unit(Chinese.MODEL.embed(text).content().vector()) : null);
    }

    /**
     * Embeds a question, with the model that reads it and that model's instruction for queries: the Chinese model
     * for a question with CJK characters, the English model for any other.
     *
     * @param text the question
     * @return its vector, in the slot of its model
     */
    static MeaningVectors query(String text) {
        return Scripts.hasCjk(text)
                ? new MeaningVectors(
                        null,
                        unit(Chinese.MODEL.embed(CHINESE_QUERY + text).content().vector()))
                : new MeaningVectors(
                        unit(English.MODEL.embed(ENGLISH_QUERY + text).content().vector()), null);
    }

    private static float[] unit(float[] vector) {
        double norm = 0;
        for (float v : vector) {
            norm += v * v;
        }
        float scale = norm == 0 ? 0 : (float) (1 / Math.sqrt(norm));
        float[] out = new float[vector.length];
        for (int i = 0; i < vector.length; i++) {
            out[i] = vector[i] * scale;
        }
        return out;
    }
}
