package io.tablequery.benchmarks;

import io.tablequery.dialects.lex.SchemaQualifiers;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Stream;

/** PyDough's SQLite reference queries over TPC-H, from the shared corpora, without their {@code tpch.} qualifier. */
final class PyDoughQueries {
    private PyDoughQueries() {}

    /** The corpora root: {@code tq.corpora}, else {@code ../shared/corpora} beside the repository. */
    static Path corpora(Path home) {
        String configured = System.getProperty("tq.corpora");
        return configured != null
                ? Path.of(configured)
                : home.resolve("../shared/corpora").normalize();
    }

    /** The queries that read TPC-H, by name, in name order. */
    static Map<String, String> tpch(Path corpora) {
        Map<String, String> queries = new LinkedHashMap<>();
        try (Stream<Path> files = Files.list(corpora.resolve("pydough/refsols"))) {
            for (Path file : files.sorted().toList()) {
                String name = file.getFileName().toString();
                if (!name.endsWith("_sqlite.sql")) {
                    continue;
                }
                String sql =
                        Files.readString(file, StandardCharsets.UTF_8).strip().replaceAll(";$", "");
                if (sql.contains("tpch.")) {
                    queries.put(
                            name.substring(0, name.length() - "_sqlite.sql".length()),
                            SchemaQualifiers.strip(sql, "tpch"));
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return queries;
    }
}
