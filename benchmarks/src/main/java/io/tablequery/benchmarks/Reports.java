package io.tablequery.benchmarks;

import io.tablequery.engine.json.JsonCodec;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;

/** Writes a benchmark's report as {@code <name>-<date>.md} and {@code .json} beside it. */
final class Reports {
    private Reports() {}

    static void write(Path directory, String name, String markdown, Object result) throws IOException {
        Files.createDirectories(directory);
        String stem = name + "-" + LocalDate.now();
        Files.writeString(directory.resolve(stem + ".md"), markdown);
        Files.writeString(
                directory.resolve(stem + ".json"),
                JsonCodec.mapper().writerWithDefaultPrettyPrinter().writeValueAsString(result));
    }
}
