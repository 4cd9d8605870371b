package io.tablequery.engine.workspace;

import static org.assertj.core.api.Assertions.assertThat;

import io.tablequery.dialects.testing.Corpora;
import io.tablequery.dialects.testing.CorpusSuite;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every Spider database (German schema names) uploaded as a file: each gold query of the corpus returns on the
 * workspace's SQLite copy what it returns on the original database. Rows are compared as multisets, since a query
 * without {@code ORDER BY}, or with ties in it, may list them in any order. When a query ending in {@code LIMIT n}
 * picks different rows, the difference must be a tie: without the limit both return the same rows, and the picked
 * rows are among them.
 */
@CorpusSuite
class SpiderFidelityTest {
    private static final Pattern TRAILING_LIMIT =
            Pattern.compile("(?is)^(.*\\bORDER\\s+BY\\b.*?)\\s+LIMIT\\s+\\d+\\s*;?\\s*$");
    private static final int QUERY_TIMEOUT_SECONDS = 30;

    @TempDir
    Path dir;

    @TestFactory
    Stream<DynamicTest> goldQueriesAnswerAlikeOnTheCopy() throws IOException {
        Map<String, List<String>> gold = goldQueries();
        return gold.entrySet().stream()
                .filter(entry -> Files.exists(database(entry.getKey())))
                .map(entry -> DynamicTest.dynamicTest(entry.getKey(), () -> check(entry.getKey(), entry.getValue())));
    }

    private void check(String name, List<String> queries) throws Exception {
        Path file = database(name);
        List<String> failures = new ArrayList<>();
        try (Workspace workspace = Workspace.open(dir.resolve(name));
                Connection original = DriverManager.getConnection("jdbc:sqlite:" + file.toAbsolutePath())) {
            workspace.ingest(file);
            try (Connection copy = workspace.openSqliteReader()) {
                for (String query : queries) {
                    String failure = compare(original, copy, query);
                    if (failure != null) {
                        failures.add(query + "\n    " + failure);
                    }
                }
            }
        }
        assertThat(failures).as("gold queries of %s answered differently", name).isEmpty();
    }

    /** Returns null when the copy answers like the original, else what differs. */
    private static String compare(Connection original, Connection copy, String query) {
        Answer expected = Answer.of(original, query);
        Answer actual = Answer.of(copy, query);
        if (expected.error() != null || actual.error() != null) {
            return (expected.error() == null) == (actual.error() == null)
                    ? null
                    : "original: %s; copy: %s".formatted(expected, actual);
        }
        if (expected.sameRows(actual)) {
            return null;
        }
        Matcher limited = TRAILING_LIMIT.matcher(query);
        if (limited.matches()) {
            Answer all = Answer.of(original, limited.group(1));
            if (all.error() == null
                    && all.sameRows(Answer.of(copy, limited.group(1)))
                    && actual.rows().size() == expected.rows().size()
                    && all.containsAll(actual)) {
                return null;
            }
        }
        return "original: %s; copy: %s".formatted(expected, actual);
    }

    private static Path database(String name) {
        return Corpora.resolve("spider-de/database").resolve(name).resolve(name + ".sqlite");
    }

    private static Map<String, List<String>> goldQueries() throws IOException {
        Map<String, List<String>> gold = new TreeMap<>();
        for (String corpus : List.of("train_spider.sql", "train_others.sql")) {
            for (String line : Files.readAllLines(Corpora.resolve("spider-de").resolve(corpus))) {
                int tab = line.lastIndexOf('\t');
                if (tab > 0) {
                    gold.computeIfAbsent(line.substring(tab + 1).strip(), k -> new ArrayList<>())
                            .add(line.substring(0, tab));
                }
            }
        }
        return gold;
    }

    /** A query's rows as text, or the error it raised. */
    private record Answer(List<String> rows, String error) {
        static Answer of(Connection connection, String query) {
            try (Statement statement = connection.createStatement()) {
                statement.setQueryTimeout(QUERY_TIMEOUT_SECONDS);
                try (ResultSet rs = statement.executeQuery(query)) {
                    int width = rs.getMetaData().getColumnCount();
                    List<String> rows = new ArrayList<>();
                    while (rs.next()) {
                        StringBuilder row = new StringBuilder();
                        for (int c = 1; c <= width; c++) {
                            row.append(render(rs.getObject(c))).append('|');
                        }
                        rows.add(row.toString());
                    }
                    return new Answer(rows, null);
                }
            } catch (SQLException e) {
                return new Answer(List.of(), String.valueOf(e.getMessage()));
            }
        }

        boolean sameRows(Answer other) {
            return counts(rows).equals(counts(other.rows));
        }

        boolean containsAll(Answer other) {
            Map<String, Integer> available = counts(rows);
            for (String row : other.rows) {
                if (available.merge(row, -1, Integer::sum) < 0) {
                    return false;
                }
            }
            return true;
        }

        private static Map<String, Integer> counts(List<String> rows) {
            Map<String, Integer> counts = new HashMap<>();
            rows.forEach(row -> counts.merge(row, 1, Integer::sum));
            return counts;
        }

        /** Renders a value with its storage class, so 1, 1.0 and '1' differ. */
        private static String render(Object value) {
            if (value == null) {
                return "NULL";
            } else if (value instanceof Integer || value instanceof Long) {
                return "I:" + value;
            } else if (value instanceof Double) {
                return "R:" + value;
            } else if (value instanceof byte[] bytes) {
                return "B:" + HexFormat.of().formatHex(bytes);
            }
            return "T:" + value;
        }

        @Override
        public String toString() {
            if (error != null) {
                return "error " + error;
            }
            String shown = String.join("; ", rows.subList(0, Math.min(rows.size(), 5)));
            return rows.size() + " rows: " + shown + (rows.size() > 5 ? "; ..." : "");
        }
    }
}
