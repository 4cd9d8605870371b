package io.tablequery.engine.exec;

import static io.tablequery.engine.testing.Plans.step;
import static org.assertj.core.api.Assertions.assertThat;

import io.tablequery.dialects.translate.RealSums;
import io.tablequery.engine.plan.PlanParser;
import io.tablequery.engine.plan.PlanValidator;
import io.tablequery.engine.plan.SkillNames;
import io.tablequery.engine.provenance.LineageSummary;
import io.tablequery.engine.provenance.RowCitation;
import io.tablequery.engine.provenance.SheetRef;
import io.tablequery.engine.skill.PlanEngine;
import io.tablequery.engine.skill.RunSqlRequest;
import io.tablequery.engine.skill.SkillSettings;
import io.tablequery.engine.skill.TableQuerySkill;
import io.tablequery.engine.testing.Plans;
import io.tablequery.engine.workspace.SqliteSession;
import io.tablequery.engine.workspace.Workspace;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.TreeSet;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The forms in which a final step run on DuckDB carries its groups' rows, each citing as SQLite cites: lists of each
 * group's rows per source, read whole when short and listed when long; and a group's one row of a source, kept as its
 * R-number, where a GROUP BY term is a unique column of the source, a WHERE equates one with a literal, or (without
 * outer joins) the source is reached from such a source through a unique column.
 */
class GroupSummaryCitationTest {
    private static final int ITEMS = 700;
    /** People, of whom 55,000 make visits: more groups than a level of counts over them needs to be summarized. */
    private static final int PEOPLE = 66_000;

    @TempDir
    static Path dir;

    static Workspace workspace;
    static TableQuerySkill skill;

    @BeforeAll
    static void setUp() throws IOException {
        workspace = Workspace.open(dir.resolve("ws"));
        skill = new TableQuerySkill(workspace, SkillSettings.DEFAULTS);
        StringBuilder items = new StringBuilder("id,grp,kind\n");
        for (int i = 1; i <= ITEMS; i++) {
            items.append(i)
                    .append(',')
                    .append(group(i))
                    .append(',')
                    .append(kind(i))
                    .append('\n');
        }
        workspace.ingest(Files.writeString(dir.resolve("items.csv"), items, StandardCharsets.UTF_8));
        workspace.ingest(Files.writeString(
                dir.resolve("kinds.csv"), "kind,label\neven,Even\nodd,Odd\n", StandardCharsets.UTF_8));
        workspace.ingest(Files.writeString(
                dir.resolve("labels.csv"),
                "label,note\nOther,x\nEven,e\nSpare,y\nOdd,o\nLast,z\n",
                StandardCharsets.UTF_8));
        workspace.ingest(
                Files.writeString(dir.resolve("codes.csv"), "code,qty\nA,1\n,2\nB,3\n,4\n", StandardCharsets.UTF_8));
        StringBuilder people = new StringBuilder("pid,name\n");
        StringBuilder visits = new StringBuilder("vid,pid\n");
        for (int pid = 1; pid <= PEOPLE; pid++) {
            people.append(pid).append(",p").append(pid).append('\n');
        }
        // Person p makes p * 7 % 6 visits (every sixth none), spread over the file in a shuffled order, as a
        // customer's orders are.
        List<Integer> visitors = new ArrayList<>();
        for (int pid = 1; pid <= PEOPLE; pid++) {
            for (int visit = 0; visit < pid * 7 % 6; visit++) {
                visitors.add(pid);
            }
        }
        Collections.shuffle(visitors, new Random(7));
        for (int vid = 1; vid <= visitors.size(); vid++) {
            visits.append(vid).append(',').append(visitors.get(vid - 1)).append('\n');
        }
        workspace.ingest(Files.writeString(dir.resolve("people.csv"), people, StandardCharsets.UTF_8));
        workspace.ingest(Files.writeString(dir.resolve("visits.csv"), visits, StandardCharsets.UTF_8));
    }

    @AfterAll
    static void tearDown() {
        workspace.close();
    }

    /**
     * The join repeats the rows of one source (read once each), leaves some rows without a partner (an outer join's
     * missing side cites nothing), and makes groups of 1 to 400 rows, on both sides of the length up to which lists are
     * read whole.
     */
    @Test
    void shortAndLongListsCiteTheirRowsAsSqliteDoes() {
        String query = "SELECT i.grp || '' AS g, count(*) AS n, count(k.label) AS labelled"
                + " FROM items i LEFT JOIN kinds k ON k.kind = i.kind GROUP BY i.grp || '' ORDER BY g";
        LineageSummary summary = translation(query).summarized().get(1);
        assertThat(summary).isNotNull();
        assertThat(summary.lists())
                .as("groups the profiles cannot count, over a join")
                .isTrue();
        List<List<String>> expected = expected();
        assertThat(expected).hasSizeGreaterThan(40);
        for (PlanEngine engine : List.of(PlanEngine.SQLITE, PlanEngine.DUCKDB)) {
            assertThat(cited(query, engine)).as(engine.toString()).isEqualTo(expected);
        }
    }

    @Test
    void aGroupsOneRowOfASourceCitesAsSqliteDoes() {
        List<String> single = List.of(
                "SELECT k.label, count(*) AS n FROM items i JOIN kinds k ON k.kind = i.kind GROUP BY k.label",
                "SELECT i.grp, count(*) AS n FROM items i JOIN kinds k ON k.kind = i.kind WHERE k.label = 'Even'"
                        + " GROUP BY i.grp",
                "SELECT i.id, i.grp || '' AS g, min(k.label) AS label FROM items i JOIN kinds k ON k.kind = i.kind"
                        + " GROUP BY i.id, i.grp || ''",
                "SELECT i.id % 10 AS d, count(*) AS n FROM items i JOIN kinds k ON k.kind = i.kind"
                        + " JOIN labels l ON l.label = k.label WHERE l.note = 'e' GROUP BY i.id % 10");
        for (String query : single) {
            assertThat(translated(query)).as(query).contains("min(\"k\".\"rowid\")");
            citedAlike(query);
        }
    }

    /**
     * Under an outer join a source's one row does not make the sources it reaches one row too: the group of no kind
     * holds every label no kind has.
     */
    @Test
    void anOuterJoinKeepsTheRowsItPairsWithNone() {
        String query = "SELECT k.kind, count(*) AS n FROM labels l LEFT JOIN kinds k ON k.label = l.label"
                + " GROUP BY k.kind ORDER BY k.kind";
        assertThat(translated(query)).contains("min(\"k\".\"rowid\")").doesNotContain("min(\"l\".\"rowid\")");
        assertThat(citedAlike(query))
                .containsExactly(
                        Arrays.asList(null, "3", "F3S1R2,R4,R6"),
                        List.of("even", "1", "F2S1R2;F3S1R3"),
                        List.of("odd", "1", "F2S1R3;F3S1R5"));
    }

    /**
     * Three of the five groups find no row on the outer join's side: their summaries of it hold no rows ({@code [0,
     * NULL]}), and they cite their own row alone, as on SQLite.
     */
    @Test
    void aGroupWithoutRowsOfASummarizedSourceCitesItsOtherRows() {
        String query = "SELECT l.label, count(i.id) AS n FROM labels l LEFT JOIN items i ON i.kind = lower(l.label)"
                + " GROUP BY l.label ORDER BY l.label";
        LineageSummary summary = translation(query).summarized().get(1);
        assertThat(summary).isNotNull();
        assertThat(summary.lists()).as("few groups: summaries").isFalse();
        List<List<String>> cited = citedAlike(query);
        assertThat(cited).extracting(row -> row.get(0)).containsExactly("Even", "Last", "Odd", "Other", "Spare");
        assertThat(cited.get(1)).containsExactly("Last", "0", "F3S1R6");
        assertThat(cited.get(0).get(2)).startsWith("F1S1R3,R5,R7,");
    }

    /**
     * A level that groups the groups of a level of many groups under it by their counts (as TPC-H q13 counts customers
     * by their orders) summarizes the lower level's lists instead of merging them: the lists ranked first by their
     * least R-numbers decide the first ranges (a group of no rows ranked last), a group's one row is counted distinct;
     * every citation as on SQLite. Groups of groups by another value, over a level of few groups, of some of its groups
     * (a WHERE, a LIMIT, which could leave out a list ranked first) merge the lists.
     */
    @Test
    void aLevelOfCountsOverManyGroupsSummarizesTheListsOfTheLevelUnder() {
        List<String> ranked = List.of(
                "SELECT n, count(*) AS people FROM (SELECT p.pid, count(v.vid) AS n FROM people p LEFT JOIN visits v"
                        + " ON v.pid = p.pid AND v.vid % 10 <> 3 GROUP BY p.pid) AS g GROUP BY n ORDER BY n",
                "SELECT n, count(*) AS people FROM (SELECT v.pid, count(*) AS n FROM visits v GROUP BY v.pid) AS g"
                        + " GROUP BY n ORDER BY n");
        for (String query : ranked) {
            assertThat(translated(query)).as(query).contains("row_number() OVER (PARTITION BY count(");
            assertThat(citedAlike(query)).as(query).hasSizeGreaterThan(4);
        }
        List<String> merged = List.of(
                "SELECT n, count(*) AS people FROM (SELECT v.pid, max(v.vid) % 7 AS n FROM visits v GROUP BY v.pid)"
                        + " AS g GROUP BY n ORDER BY n",
                "SELECT n, count(*) AS kinds FROM (SELECT k.kind, count(i.id) AS n FROM kinds k LEFT JOIN items i"
                        + " ON i.kind = k.kind GROUP BY k.kind) AS g GROUP BY n ORDER BY n",
                "SELECT n, count(*) AS people FROM (SELECT v.pid, count(*) AS n FROM visits v GROUP BY v.pid) AS g"
                        + " WHERE g.pid % 3 <> 0 GROUP BY n ORDER BY n",
                "SELECT n, count(*) AS people FROM (SELECT v.pid, count(*) AS n FROM visits v GROUP BY v.pid"
                        + " ORDER BY v.pid LIMIT 40000) AS g GROUP BY n ORDER BY n");
        for (String query : merged) {
            assertThat(translated(query)).as(query).doesNotContain("row_number() OVER (PARTITION BY");
            citedAlike(query);
        }
    }

    /**
     * A WITH table named as a workspace table hides it: its rows are not that table's, so that table's profile (here,
     * {@code kinds.kind} holds each value once) says nothing of how many of them a group has.
     */
    @Test
    void aWithTableNamedAsAWorkspaceTableIsNotReadByItsProfile() {
        for (String query : List.of(
                "WITH kinds AS (SELECT kind, grp AS label FROM items) SELECT k.kind, count(*) AS n FROM kinds k"
                        + " JOIN labels l ON l.note = 'e' GROUP BY k.kind ORDER BY k.kind",
                "WITH kinds AS (SELECT kind, grp AS label FROM items) SELECT k.kind, count(*) AS n FROM kinds k"
                        + " JOIN labels l ON l.note <> 'q' GROUP BY k.kind ORDER BY k.kind")) {
            assertThat(translated(query)).as(query).doesNotContain("min(\"k\".");
            assertThat(citedAlike(query)).as(query).hasSize(3);
        }
    }

    /** A column that holds no value twice but NULL in several rows groups those rows together. */
    @Test
    void aUniqueColumnWithNullsGroupsItsNullRowsTogether() {
        String query = "SELECT code, sum(qty) AS q FROM codes GROUP BY code ORDER BY code";
        assertThat(translated(query)).doesNotContain("min(\"codes\".\"rowid\")");
        assertThat(citedAlike(query))
                .containsExactly(
                        Arrays.asList(null, "6", "F4S1R3,R5"),
                        List.of("A", "1", "F4S1R2"),
                        List.of("B", "3", "F4S1R4"));
    }

    private static String translated(String query) {
        return translation(query).statements().get(0);
    }

    /** The DuckDB translation of a one-step plan, which must translate. */
    private static PlanTranslation translation(String query) {
        try (SqliteSession sqlite = workspace.sqliteSession()) {
            PlanTranslation translation = PlanTranslation.of(
                    PlanValidator.validate(PlanParser.parse(plan(query)), workspace.catalog(), SkillNames.CLI),
                    workspace.catalog(),
                    sqlite::connection,
                    RealSums.SQLITE,
                    new DuckDbPlanRunner());
            assertThat(translation.reason()).as(query).isNull();
            return translation;
        }
    }

    /** The rows of a one-step plan on SQLite, after checking that DuckDB gives the same rows and citations. */
    private static List<List<String>> citedAlike(String query) {
        List<List<String>> sqlite = cited(query, PlanEngine.SQLITE);
        assertThat(cited(query, PlanEngine.DUCKDB)).as(query).isEqualTo(sqlite);
        return sqlite;
    }

    /** The rows of a one-step plan, in the order the engine gives them, sorted when the query does not order them. */
    private static List<List<String>> cited(String query, PlanEngine engine) {
        List<List<String>> rows =
                new ArrayList<>(skill.runSql(new RunSqlRequest(PlanParser.parse(plan(query)), null, null, engine))
                        .tables()
                        .get(0)
                        .rows());
        if (!query.contains("ORDER BY")) {
            rows.sort(Comparator.comparing(Object::toString));
        }
        return rows;
    }

    /** A plan of one final step that makes its table with a query. */
    private static String plan(String query) {
        return Plans.plan(step(1, "CREATE TEMP TABLE s1 AS " + query, "s1", "final"));
    }

    /** Each group's rows, its count, the rows with a kind, and its citation, computed here. */
    private static List<List<String>> expected() {
        Map<String, TreeSet<Integer>> groups = new TreeMap<>();
        for (int i = 1; i <= ITEMS; i++) {
            groups.computeIfAbsent(group(i), g -> new TreeSet<>()).add(i);
        }
        List<List<String>> rows = new ArrayList<>();
        groups.forEach((group, ids) -> {
            List<RowCitation.Range> ranges = new ArrayList<>();
            long first = -1;
            long last = -1;
            for (int id : ids) {
                long r = id + 1;
                if (first >= 0 && r != last + 1) {
                    ranges.add(new RowCitation.Range(new SheetRef(1, 1), first, last));
                    first = -1;
                }
                first = first < 0 ? r : first;
                last = r;
            }
            ranges.add(new RowCitation.Range(new SheetRef(1, 1), first, last));
            boolean even = ids.stream().anyMatch(id -> kind(id).equals("even"));
            boolean odd = ids.stream().anyMatch(id -> kind(id).equals("odd"));
            if (even || odd) {
                ranges.add(new RowCitation.Range(new SheetRef(2, 1), even ? 2 : 3, odd ? 3 : 2));
            }
            long labelled = ids.stream().filter(id -> !kind(id).equals("none")).count();
            long total = ids.size() + (even ? 1 : 0) + (odd ? 1 : 0);
            rows.add(List.of(
                    group,
                    Integer.toString(ids.size()),
                    Long.toString(labelled),
                    RowCitation.format(ranges.subList(0, Math.min(ranges.size(), RowCitation.DEFAULT_RANGES)), total)));
        });
        return rows;
    }

    /**
     * Rows 1-400 are one group in runs of three rows in seven (too long to read whole, and more ranges than a citation
     * shows); the others fall into groups of one to fourteen rows.
     */
    private static String group(int i) {
        if (i <= 400) {
            return i % 7 < 3 ? "big" : "g" + (i % 40);
        }
        return "g" + (i % 53);
    }

    /** Every fifth row has a kind no row of kinds.csv has. */
    private static String kind(int i) {
        if (i % 5 == 0) {
            return "none";
        }
        return i % 2 == 0 ? "even" : "odd";
    }
}
