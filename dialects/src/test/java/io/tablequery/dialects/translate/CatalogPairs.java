package io.tablequery.dialects.translate;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/** The differential pairs of the dialect catalog (section 4) and the fixture they run over, for every target. */
public final class CatalogPairs {
    /** The tables the pairs read. */
    public static final List<String> FIXTURE = List.of(
            "CREATE TABLE s(id INTEGER, g TEXT, name TEXT, score INTEGER, r REAL, d TEXT)",
            "INSERT INTO s VALUES (1,'a','ann',10,1.5,'2024-01-31'),(2,'a','bob',30,NULL,'2024-02-29 10:00:00'),"
                    + "(3,'b','cat',20,2.25,'2023-12-01'),(4,'b','dan',20,-0.5,NULL),(5,'b',NULL,NULL,7.0,'2024-01-05')",
            "CREATE TABLE m(i INTEGER, t TEXT)",
            "INSERT INTO m VALUES ('10','10')",
            "CREATE TABLE mt(t TEXT)",
            "INSERT INTO mt VALUES ('1'),('abc'),('2')");

    private static final String T = "WITH t(x) AS (VALUES (1),(NULL),(3),(2)) ";

    /**
     * One pair.
     *
     * @param id its number in the catalog
     * @param expected {@code EQUAL}, {@code REFUSED}, {@code DUCKDB_ERROR} or {@code DIFFERS}, as DuckDB answers it
     * @param sql its statements, separated by semicolons
     */
    public record Pair(String id, String expected, String sql) {}

    private CatalogPairs() {}

    /**
     * Reads the pairs.
     *
     * @return the pairs in catalog order
     * @throws IOException when the resource cannot be read
     */
    public static List<Pair> load() throws IOException {
        List<Pair> pairs = new ArrayList<>();
        try (BufferedReader reader = new BufferedReader(new InputStreamReader(
                Objects.requireNonNull(CatalogPairs.class.getResourceAsStream("/catalog-pairs.txt")),
                StandardCharsets.UTF_8))) {
            String line;
            while ((line = reader.readLine()) != null) {
                if (line.isBlank() || line.startsWith("#")) {
                    continue;
                }
                String[] fields = line.split("\t", 3);
                String sql = fields[2].startsWith("T ") ? T + fields[2].substring(2) : fields[2];
                pairs.add(new Pair(fields[0], fields[1], sql));
            }
        }
        return pairs;
    }
}
