package io.tablequery.engine.search;

import ai.onnxruntime.OrtEnvironment;
import ai.onnxruntime.OrtException;
import ai.onnxruntime.OrtSession;
import dev.langchain4j.model.embedding.onnx.AbstractInProcessEmbeddingModel;
import dev.langchain4j.model.embedding.onnx.OnnxBertBiEncoder;
import dev.langchain4j.model.embedding.onnx.PoolingMode;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * One of langchain4j's bge models, read from its files in the cache instead of from the jar: ONNX Runtime reads the
 * model file itself, with the session options langchain4j gives it, where langchain4j would inflate the model from the
 * jar into the Java heap first (a third of a second of a 2-core machine's first search). The same model and tokenizer
 * settings, so the same vectors.
 */
final class UnpackedModel extends AbstractInProcessEmbeddingModel {
    private final OnnxBertBiEncoder encoder;
    private final int dimension;

    /**
     * Loads the model.
     *
     * @param model the ONNX file
     * @param tokenizer the tokenizer's JSON file
     * @param dimension the length of its vectors
     */
    UnpackedModel(Path model, Path tokenizer, int dimension) {
        super(null);
        OrtEnvironment environment = OrtEnvironment.getEnvironment();
        try (InputStream in = Files.newInputStream(tokenizer);
                OrtSession.SessionOptions options = new OrtSession.SessionOptions()) {
            // ONNX Runtime's threads spin for a while after each run by default, holding the cores the search that
            // asked for the embedding goes on to use.
            options.addConfigEntry("session.intra_op.allow_spinning", "0");
            this.encoder = new OnnxBertBiEncoder(
                    environment, environment.createSession(model.toString(), options), in, PoolingMode.CLS);
        } catch (OrtException e) {
            throw new IllegalStateException("ONNX Runtime could not load " + model, e);
        } catch (IOException e) {
            throw new UncheckedIOException("could not read " + tokenizer, e);
        }
        this.dimension = dimension;
    }

    @Override
    protected OnnxBertBiEncoder model() {
        return encoder;
    }

    @Override
    protected Integer knownDimension() {
        return dimension;
    }
}
