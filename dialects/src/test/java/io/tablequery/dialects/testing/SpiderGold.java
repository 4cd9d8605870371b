package io.tablequery.dialects.testing;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Spider's training gold queries (German schema names, {@code ../shared/corpora/spider-de}), by database. */
public final class SpiderGold {
    private SpiderGold() {}

    /**
     * Reads the gold queries of {@code train_spider.sql} and {@code train_others.sql}, each without its closing
     * semicolon, grouped by the database they query, in the files' order.
     *
     * @return database name to its queries
     * @throws IOException when the corpus cannot be read
     */
    public static Map<String, List<String>> byDatabase() throws IOException {
        Map<String, List<String>> queries = new LinkedHashMap<>();
        for (String file : List.of("spider-de/train_spider.sql", "spider-de/train_others.sql")) {
            for (String line : Files.readAllLines(Corpora.resolve(file), StandardCharsets.UTF_8)) {
                int tab = line.lastIndexOf('\t');
                if (tab > 0) {
                    queries.computeIfAbsent(line.substring(tab + 1).strip(), db -> new ArrayList<>())
                            .add(line.substring(0, tab).strip().replaceAll(";\\s*$", ""));
                }
            }
        }
        return queries;
    }

    /**
     * Returns a database's SQLite file.
     *
     * @param name the database's name
     * @return its file, which may be missing from the corpus
     */
    public static Path database(String name) {
        return Corpora.resolve("spider-de/database/" + name + "/" + name + ".sqlite");
    }
}
