package io.tablequery.engine.search;

import dev.langchain4j.model.embedding.EmbeddingModel;
import dev.langchain4j.model.embedding.onnx.bgesmallenv15q.BgeSmallEnV15QuantizedEmbeddingModel;
import dev.langchain4j.model.embedding.onnx.bgesmallzhv15q.BgeSmallZhV15QuantizedEmbeddingModel;
import io.tablequery.engine.natives.NativeLibraries;
import java.util.function.Supplier;

/**
 * The embedding models search-tables reads meaning with, run in the process from the jar (no network, no model hub):
 * BAAI's bge-small-en-v1.5 and bge-small-zh-v1.5, both quantized ONNX through ONNX Runtime. Each is loaded at its
 * first use (about 1 s and 0.5 s), from the files unpacked once per jar into the cache, and shared by every workspace.
 *
 * <p>Questions are embedded without bge's query instruction: over WikiTableQuestions' 14,152 training questions it
 * found no more tables and cost a third more time per question (8.2 against 6.2 ms).
 */
public final class MeaningModels {
    /** The models' identity, stored with the vectors: vectors of other models are not read. */
    static final String NAME = "bge-small-en-v1.5-q+bge-small-zh-v1.5-q";

    /** Loaded when first read: the JVM initializes a holder class once, at its first use. */
    private static final class English {
        static final EmbeddingModel MODEL = load("bge-small-en-v1.5-q", BgeSmallEnV15QuantizedEmbeddingModel::new);
    }

    private static final class Chinese {
        static final EmbeddingModel MODEL = load("bge-small-zh-v1.5-q", BgeSmallZhV15QuantizedEmbeddingModel::new);
    }

    /** Both models' vectors have this many dimensions. */
    private static final int DIMENSION = 384;

    /**
     * Loads a model from its files in the cache ({@link UnpackedModel}), or, when they cannot be kept there, from the
     * jar as langchain4j does; ONNX Runtime's libraries are made ready first, as it reads where they are once.
     */
    private static EmbeddingModel load(String name, Supplier<EmbeddingModel> fromJar) {
        NativeLibraries.prepareOnnxRuntime();
        return NativeLibraries.unpackModel(name, name + ".onnx", name + "-tokenizer.json")
                .<EmbeddingModel>map(folder -> new UnpackedModel(
                        folder.resolve(name + ".onnx"), folder.resolve(name + "-tokenizer.json"), DIMENSION))
                .orElseGet(fromJar);
    }

    /** Each model's recent questions, kept apart from the holders so that reading them loads no model. */
    private static final QuestionVectors RECENT_ENGLISH = new QuestionVectors();

    private static final QuestionVectors RECENT_CHINESE = new QuestionVectors();

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
                embed(MeaningModels::english, text), Scripts.hasCjk(text) ? embed(MeaningModels::chinese, text) : null);
    }

    /**
     * Embeds a question with the models that read it: a question with CJK characters by the Chinese model; any
     * other by the English model, and by the Chinese model too when some table has Chinese names (the Chinese model
     * was trained on English too, and carries an English question to Chinese headers where the English model does
     * not).
     *
     * @param text the question
     * @param chineseTables whether some table the question is asked over has Chinese names
     * @return its vectors, each in the slot of its model
     */
    static MeaningVectors query(String text, boolean chineseTables) {
        if (Scripts.hasCjk(text)) {
            return new MeaningVectors(null, RECENT_CHINESE.of(text, q -> embed(MeaningModels::chinese, q)));
        }
        return new MeaningVectors(
                RECENT_ENGLISH.of(text, q -> embed(MeaningModels::english, q)),
                chineseTables ? RECENT_CHINESE.of(text, q -> embed(MeaningModels::chinese, q)) : null);
    }

    /**
     * Loads the English model on a background thread, for a server that searches by meaning: its first search then
     * finds it loaded, or loading (about 2 s), rather than starts the load. A process that exits meanwhile waits for
     * the load ({@link OnnxCalls}); one that is exiting already does not start it.
     */
    public static void preload() {
        Thread loader = new Thread(
                () -> {
                    try {
                        OnnxCalls.call(MeaningModels::english);
                    } catch (OnnxCalls.Exiting e) {
                        // The process is exiting: nothing will search.
                    }
                },
                "tq-model-load");
        loader.setDaemon(true);
        loader.setPriority(Thread.MIN_PRIORITY);
        loader.start();
    }

    /** The English model, loaded by one thread at a time: each model loads once, and never two at once. */
    private static synchronized EmbeddingModel english() {
        return English.MODEL;
    }

    private static synchronized EmbeddingModel chinese() {
        return Chinese.MODEL;
    }

    /** Embeds a text, the model loaded (at its first use) and run within {@link OnnxCalls}. */
    private static float[] embed(Supplier<EmbeddingModel> model, String text) {
        float[] vector = OnnxCalls.call(() -> model.get().embed(text).content().vector());
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
