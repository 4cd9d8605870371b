package io.tablequery.engine.search;

import static org.assertj.core.api.Assertions.assertThat;

import dev.langchain4j.model.embedding.EmbeddingModel;
import dev.langchain4j.model.embedding.onnx.bgesmallenv15q.BgeSmallEnV15QuantizedEmbeddingModel;
import dev.langchain4j.model.embedding.onnx.bgesmallzhv15q.BgeSmallZhV15QuantizedEmbeddingModel;
import io.tablequery.engine.natives.NativeLibraries;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Supplier;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** A model read from its unpacked files gives the vectors langchain4j's model read from the jar gives, bit for bit. */
class UnpackedModelTest {
    private static final List<String> TEXTS =
            List.of("2025 April May June sales total", "orders by city", "库存 仓库 数量", "revenue by region ".repeat(300));

    @ParameterizedTest
    @ValueSource(strings = {"bge-small-en-v1.5-q", "bge-small-zh-v1.5-q"})
    void givesTheVectorsOfTheModelInTheJar(String name) {
        Path folder = NativeLibraries.unpackModel(name, name + ".onnx", name + "-tokenizer.json")
                .orElseThrow();
        EmbeddingModel unpacked =
                new UnpackedModel(folder.resolve(name + ".onnx"), folder.resolve(name + "-tokenizer.json"), 384);
        Supplier<EmbeddingModel> fromJar = name.contains("-en-")
                ? BgeSmallEnV15QuantizedEmbeddingModel::new
                : BgeSmallZhV15QuantizedEmbeddingModel::new;
        EmbeddingModel jar = fromJar.get();
        for (String text : TEXTS) {
            assertThat(unpacked.embed(text).content().vector())
                    .as("%s of %s", name, text)
                    .isEqualTo(jar.embed(text).content().vector());
        }
        assertThat(unpacked.dimension()).isEqualTo(384);
    }
}
