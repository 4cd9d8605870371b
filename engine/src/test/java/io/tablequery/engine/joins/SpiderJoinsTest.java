package io.tablequery.engine.joins;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.tablequery.dialects.testing.Corpora;
import io.tablequery.dialects.testing.CorpusSuite;
import io.tablequery.dialects.testing.SpiderGold;
import io.tablequery.engine.json.JsonCodec;
import io.tablequery.engine.workspace.SearchMode;
import io.tablequery.engine.workspace.Workspace;
import io.tablequery.engine.workspace.WorkspaceOptions;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Joins on the Spider databases (German schema names), against the foreign keys {@code tables.json} lists. Each
 * database is uploaded twice: as the SQLite file, whose declared keys must come through; and as one CSV file per
 * table, without declarations, whose joins are inferred. Precision and recall of the inferred joins are printed;
 * the assertions are floors that catch a regression. A join counts either way round, as the catalog's key pairs do.
 * The build reads every second database; {@code -Dtq.spider.joins.every=1} reads all.
 */
@CorpusSuite
class SpiderJoinsTest {
    private static final int EVERY = Integer.getInteger("tq.spider.joins.every", 2);

    /** How the multi-table questions are searched: by words in the build, {@code -Dtq.spider.search=meaning} too. */
    private static final SearchMode SEARCH =
            SearchMode.valueOf(System.getProperty("tq.spider.search", "lexical").toUpperCase(Locale.ROOT));

    @TempDir
    Path dir;

    @Test
    void declaredKeysComeThroughAndInferredOnesMatchTheCatalog() throws Exception {
        JsonNode catalogs = JsonCodec.mapper()
                .readTree(Corpora.resolve("spider-de/tables.json").toFile());
        int[] declared = new int[3];
        int[] inferred = new int[3];
        int[] borneOut = new int[3];
        int databases = 0;
        Map<Integer, String> databaseOfFile = new HashMap<>();
        Map<String, List<String>> goldQueries = SpiderGold.byDatabase();
        List<Question> questions = new ArrayList<>();
        try (Workspace all = Workspace.open(dir.resolve("all"), WorkspaceOptions.DEFAULTS.withSearch(SEARCH))) {
            for (JsonNode database : catalogs) {
                String name = database.get("db_id").asText();
                Path file = SpiderGold.database(name);
                if (!Files.exists(file) || databases++ % EVERY != 0) {
                    continue;
                }
                Set<String> gold = gold(database);
                databaseOfFile.put(all.ingest(file).file().number(), name);
                goldQueries.getOrDefault(name, List.of()).forEach(query -> Question.of(name, query)
                        .ifPresent(questions::add));
                try (Workspace workspace = Workspace.open(dir.resolve(name + "-db"))) {
                    workspace.ingest(file);
                    count(gold, found(workspace, JoinKind.DECLARED), declared);
                }
                try (Workspace workspace = Workspace.open(dir.resolve(name + "-csv"))) {
                    for (Path csv : exportTables(file, dir.resolve(name + "-files"))) {
                        workspace.ingest(csv);
                    }
                    // A large table's profile, which inference reads, follows its upload in the background.
                    workspace.awaitProfiles(Duration.ofMinutes(2));
                    Set<String> found = found(workspace, JoinKind.INFERRED);
                    count(gold, found, inferred);
                    count(borneOut(database, file), found, borneOut);
                }
            }
            // Joins and search read the profiles of large tables, made in the background after their upload.
            all.awaitProfiles(Duration.ofMinutes(5));
            long crossDatabase = JoinGraph.of(all.catalog()).all().stream()
                    .filter(join -> join.kind() == JoinKind.INFERRED)
                    .count();
            assertThat(all.awaitMeanings(Duration.ofMinutes(30))).isTrue();
            double[] recall = recall(all, questions, databaseOfFile);
            System.out.printf(
                    "Spider multi-table questions (the tables a gold query reads outside its join conditions, and its"
                            + " literals; a hit needs every table it reads) over the %d tables of %d databases in one"
                            + " workspace, searched by %s: %d questions, recall@2 %.3f, @5 %.3f, @10 %.3f; inferred"
                            + " joins between databases: %d%n",
                    all.catalog().tables().size(),
                    databaseOfFile.size(),
                    SEARCH.name().toLowerCase(Locale.ROOT),
                    questions.size(),
                    recall[0],
                    recall[1],
                    recall[2],
                    crossDatabase);
            assertThat(recall[1]).isGreaterThan(0.75);
            assertThat(crossDatabase).isLessThan(10);
        }
        System.out.printf(
                "Spider joins over %d databases, %d declared keys: declared read back %d (recall %.3f, %d not"
                        + " listed); inferred from CSV %d correct of %d (precision %.3f, recall %.3f; recall %.3f of the"
                        + " %d keys the data bears out)%n",
                databases / EVERY,
                declared[2],
                declared[0],
                declared[0] / (double) declared[2],
                declared[1] - declared[0],
                inferred[0],
                inferred[1],
                inferred[0] / (double) inferred[1],
                inferred[0] / (double) inferred[2],
                borneOut[0] / (double) borneOut[2],
                borneOut[2]);
        assertThat(declared[0] / (double) declared[2]).isGreaterThan(0.9);
        assertThat(inferred[0] / (double) inferred[1]).isGreaterThan(0.88);
        assertThat(inferred[0] / (double) inferred[2]).isGreaterThan(0.6);
        assertThat(borneOut[0] / (double) borneOut[2]).isGreaterThan(0.78);
    }

    /**
     * A multi-table question made from a gold query: the names of the tables whose columns it reads outside its
     * join conditions, and its text literals, as an agent's question names the things it asks about and not the
     * tables that link them.
     *
     * @param database the database it asks
     * @param text the question
     * @param tables every table the gold query reads, folded
     */
    private record Question(String database, String text, Set<String> tables) {
        // Unicode word characters: a table named with an umlaut (Beiträge) is read whole, not cut before the ä, which
        // had made every question over such a table a miss.
        private static final Pattern TABLE =
                Pattern.compile("(?iU)\\b(?:FROM|JOIN)\\s+(\\w+)(?:\\s+(?:AS\\s+)?(\\w+))?");
        private static final Pattern CONDITION =
                Pattern.compile("(?is)\\bON\\b.*?(?=\\bJOIN\\b|\\bWHERE\\b|\\bGROUP\\b|\\bORDER\\b|\\bLIMIT\\b|\\)|$)");
        private static final Pattern LITERAL = Pattern.compile("'([^']*)'|\"([^\"]*)\"");
        private static final Set<String> KEYWORDS = Set.of(
                "where", "group", "order", "limit", "on", "join", "union", "intersect", "except", "inner", "left");

        static Optional<Question> of(String database, String query) {
            Map<String, String> tableOfAlias = new LinkedHashMap<>();
            Matcher table = TABLE.matcher(query);
            while (table.find()) {
                String alias = table.group(2);
                tableOfAlias.put(table.group(1).toLowerCase(Locale.ROOT), table.group(1));
                if (alias != null && !KEYWORDS.contains(alias.toLowerCase(Locale.ROOT))) {
                    tableOfAlias.put(alias.toLowerCase(Locale.ROOT), table.group(1));
                }
            }
            Set<String> tables = new LinkedHashSet<>();
            tableOfAlias.values().forEach(name -> tables.add(KeyNames.fold(name)));
            if (tables.size() < 2) {
                return Optional.empty();
            }
            String outsideJoins = CONDITION.matcher(query).replaceAll(" ");
            Set<String> named = new LinkedHashSet<>();
            Matcher reference = Pattern.compile("(?iU)\\b(\\w+)\\.").matcher(outsideJoins);
            while (reference.find()) {
                String name = tableOfAlias.get(reference.group(1).toLowerCase(Locale.ROOT));
                if (name != null) {
                    named.add(name);
                }
            }
            if (named.isEmpty()) {
                return Optional.empty();
            }
            StringBuilder text = new StringBuilder(String.join(" ", named));
            Matcher literal = LITERAL.matcher(query);
            while (literal.find()) {
                text.append(' ').append(literal.group(1) != null ? literal.group(1) : literal.group(2));
            }
            return Optional.of(new Question(database, text.toString(), tables));
        }
    }

    /** Recall at 2, 5 and 10: the share of questions whose tables are all among the first k found. */
    private static double[] recall(Workspace workspace, List<Question> questions, Map<Integer, String> databaseOfFile) {
        int[] ks = {2, 5, 10};
        int[] hits = new int[ks.length];
        for (Question question : questions) {
            List<String> found = workspace.searchTables(question.text(), 10).hits().stream()
                    .map(hit -> databaseOfFile.get(hit.table().fileNumber()) + "/"
                            + KeyNames.fold(hit.table().sheetName()))
                    .toList();
            for (int i = 0; i < ks.length; i++) {
                List<String> top = found.subList(0, Math.min(ks[i], found.size()));
                if (question.tables().stream().allMatch(table -> top.contains(question.database() + "/" + table))) {
                    hits[i]++;
                }
            }
        }
        return new double[] {
            hits[0] / (double) questions.size(),
            hits[1] / (double) questions.size(),
            hits[2] / (double) questions.size()
        };
    }

    /** Adds to {@code counts}: correct joins found, joins found, joins listed. */
    private static void count(Set<String> gold, Set<String> found, int[] counts) {
        counts[0] += (int) found.stream().filter(gold::contains).count();
        counts[1] += found.size();
        counts[2] += gold.size();
    }

    private static Set<String> found(Workspace workspace, JoinKind kind) {
        Set<String> found = new HashSet<>();
        var catalog = workspace.catalog();
        for (TableJoin join : JoinGraph.of(catalog).all()) {
            if (join.kind() == kind) {
                String one =
                        KeyNames.fold(catalog.table(join.table())
                                        .orElseThrow()
                                        .sheetName()
                                        .replaceAll("\\.csv$", "")) + "." + KeyNames.fold(join.column());
                String other = KeyNames.fold(catalog.table(join.keyTable())
                                .orElseThrow()
                                .sheetName()
                                .replaceAll("\\.csv$", ""))
                        + "." + KeyNames.fold(join.keyColumn());
                found.add(pair(one, other));
            }
        }
        return found;
    }

    /**
     * The listed keys the data bears out, checked on the original database: the referenced table has at least two
     * rows, its column holds each value once and no NULL, and the referencing column has values, all of them there.
     * No profile can show a key the data does not.
     */
    private static Set<String> borneOut(JsonNode database, Path file) throws SQLException {
        JsonNode columns = database.get("column_names_original");
        JsonNode tables = database.get("table_names_original");
        Set<String> borne = new HashSet<>();
        try (Connection connection = DriverManager.getConnection("jdbc:sqlite:" + file.toAbsolutePath());
                Statement statement = connection.createStatement()) {
            for (JsonNode key : database.get("foreign_keys")) {
                JsonNode from = columns.get(key.get(0).asInt());
                JsonNode to = columns.get(key.get(1).asInt());
                String table = quote(tables.get(from.get(0).asInt()).asText());
                String column = quote(from.get(1).asText());
                String keyTable = quote(tables.get(to.get(0).asInt()).asText());
                String keyColumn = quote(to.get(1).asText());
                String check = """
                        SELECT (SELECT count(*) >= 2 AND count(*) = count(DISTINCT %4$s) FROM %3$s)
                           AND EXISTS (SELECT 1 FROM %1$s WHERE %2$s IS NOT NULL)
                           AND NOT EXISTS (SELECT 1 FROM %1$s WHERE %2$s IS NOT NULL
                                           AND %2$s NOT IN (SELECT %4$s FROM %3$s))
                        """.formatted(table, column, keyTable, keyColumn);
                try (ResultSet rs = statement.executeQuery(check)) {
                    if (rs.next() && rs.getBoolean(1)) {
                        borne.addAll(gold(database, key));
                    }
                } catch (SQLException e) {
                    // tables.json names a table or column the database lacks: not a key the data bears out
                }
            }
        }
        return borne;
    }

    private static String quote(String name) {
        return "\"" + name.replace("\"", "\"\"") + "\"";
    }

    private static Set<String> gold(JsonNode database) {
        Set<String> gold = new HashSet<>();
        database.get("foreign_keys").forEach(key -> gold.addAll(gold(database, key)));
        return gold;
    }

    /** A listed key as the pair of its two columns, or nothing when it joins a column with itself. */
    private static Set<String> gold(JsonNode database, JsonNode key) {
        JsonNode columns = database.get("column_names_original");
        JsonNode tables = database.get("table_names_original");
        JsonNode from = columns.get(key.get(0).asInt());
        JsonNode to = columns.get(key.get(1).asInt());
        String one = KeyNames.fold(tables.get(from.get(0).asInt()).asText()) + "."
                + KeyNames.fold(from.get(1).asText());
        String other = KeyNames.fold(tables.get(to.get(0).asInt()).asText()) + "."
                + KeyNames.fold(to.get(1).asText());
        return one.equals(other) ? Set.of() : Set.of(pair(one, other));
    }

    private static String pair(String one, String other) {
        return one.compareTo(other) < 0 ? one + "=" + other : other + "=" + one;
    }

    /** Writes each table of a database as a CSV file named after it, header first, NULL as an empty field. */
    private static List<Path> exportTables(Path database, Path into) throws IOException, SQLException {
        Files.createDirectories(into);
        List<Path> files = new ArrayList<>();
        try (Connection connection = DriverManager.getConnection("jdbc:sqlite:" + database.toAbsolutePath());
                Statement statement = connection.createStatement()) {
            List<String> tables = new ArrayList<>();
            try (ResultSet rs = statement.executeQuery(
                    "SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite%' ORDER BY rowid")) {
                while (rs.next()) {
                    tables.add(rs.getString(1));
                }
            }
            for (String table : tables) {
                Path csv = into.resolve(table + ".csv");
                try (Writer out = Files.newBufferedWriter(csv, StandardCharsets.UTF_8);
                        ResultSet rs =
                                statement.executeQuery("SELECT * FROM \"" + table.replace("\"", "\"\"") + "\"")) {
                    int width = rs.getMetaData().getColumnCount();
                    List<String> header = new ArrayList<>();
                    for (int c = 1; c <= width; c++) {
                        header.add(rs.getMetaData().getColumnName(c));
                    }
                    writeRecord(out, header);
                    while (rs.next()) {
                        List<String> record = new ArrayList<>();
                        for (int c = 1; c <= width; c++) {
                            record.add(rs.getString(c));
                        }
                        writeRecord(out, record);
                    }
                }
                files.add(csv);
            }
        }
        return files;
    }

    private static void writeRecord(Writer out, List<String> fields) throws IOException {
        for (int i = 0; i < fields.size(); i++) {
            if (i > 0) {
                out.write(',');
            }
            String field = fields.get(i);
            if (field != null) {
                out.write('"' + field.replace("\"", "\"\"") + '"');
            }
        }
        out.write("\r\n");
    }
}
