package io.tablequery.dialects.translate;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The wrong answers found on unseen queries, pinned in {@code regressions.txt} with both sides' SQL: each
 * translates to its pinned DuckDB SQL (or is refused), and SQLite and DuckDB agree on rows, order, values, classes
 * and column names. Run with {@code -Dtq.regressions.record=true} to re-pin after a deliberate change.
 */
class RegressionsTest {
    private static final Path FILE = Path.of("src", "test", "resources", "regressions.txt");
    private static final String REFUSED = "REFUSED";

    @Test
    void eachPinnedCaseTranslatesAsPinnedAndAgreesWithSqlite() throws IOException, SQLException {
        List<String> lines = Files.readAllLines(FILE, StandardCharsets.UTF_8);
        List<String> out = new ArrayList<>();
        List<String> failures = new ArrayList<>();
        String setup = null;
        String sql = null;
        for (String line : lines) {
            if (line.startsWith("setup: ")) {
                setup = line.substring(7);
            } else if (line.startsWith("sqlite: ")) {
                sql = line.substring(8);
            } else if (line.startsWith("duckdb: ")) {
                String actual = check(setup, sql, failures);
                if (!Boolean.getBoolean("tq.regressions.record")
                        && !line.substring(8).equals(actual)) {
                    failures.add(sql + "\n  pinned:     " + line.substring(8) + "\n  translated: " + actual);
                }
                line = "duckdb: " + actual;
            }
            out.add(line);
        }
        if (Boolean.getBoolean("tq.regressions.record")) {
            Files.write(FILE, out, StandardCharsets.UTF_8);
        }
        assertThat(failures).isEmpty();
    }

    private static String check(String setup, String sql, List<String> failures) throws SQLException {
        try (EnginePair engines = new EnginePair()) {
            engines.sqliteScript(
                    Arrays.stream(setup.split(";")).map(String::strip).toList());
            engines.copyTables();
            Translation translation = SqliteToDuckDb.translate(sql, engines.schema());
            if (translation instanceof Translation.Untranslatable) {
                return REFUSED;
            }
            Translation.Translated translated = (Translation.Translated) translation;
            if (sql.startsWith("CREATE")) {
                EnginePair.query(engines.sqlite, sql);
                EnginePair.query(engines.duckdb, translated.sql());
                String expected = EnginePair.query(engines.sqlite, "SELECT * FROM temp.w")
                        .names()
                        .toString();
                String actual = EnginePair.query(engines.duckdb, "SELECT * FROM temp.w")
                        .names()
                        .toString();
                if (!expected.equals(actual)) {
                    failures.add(sql + "\n  columns " + expected + " vs " + actual);
                }
            } else {
                String difference = EnginePair.query(engines.sqlite, sql)
                        .difference(EnginePair.query(engines.duckdb, translated.sql()));
                if (difference != null) {
                    failures.add(sql + "\n  " + difference);
                }
            }
            return translated.sql();
        }
    }
}
