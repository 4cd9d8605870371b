package io.tablequery.benchmarks;

import com.fasterxml.jackson.databind.JsonNode;
import io.tablequery.engine.json.JsonCodec;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.Optional;

/**
 * Writes a benchmark's report as {@code <name>-<date>.md} and {@code .json} beside it, and its figure as {@code .png}
 * where the benchmark has one ({@link Figures}), shown at the end of the markdown.
 */
final class Reports {
    private Reports() {}

    static void write(Path directory, String name, String markdown, Object result) throws IOException {
        Files.createDirectories(directory);
        String stem = name + "-" + LocalDate.now();
        JsonNode tree = JsonCodec.mapper().valueToTree(result);
        Files.writeString(directory.resolve(stem + ".md"), markdown);
        Files.writeString(
                directory.resolve(stem + ".json"),
                JsonCodec.mapper().writerWithDefaultPrettyPrinter().writeValueAsString(tree));
        Optional<String> figure = Figures.draw(directory, stem, tree);
        if (figure.isPresent()) {
            Files.writeString(directory.resolve(stem + ".md"), markdown + "\n![" + name + "](" + figure.get() + ")\n");
        }
    }
}
