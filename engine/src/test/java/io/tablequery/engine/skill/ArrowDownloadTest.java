package io.tablequery.engine.skill;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tablequery.engine.error.EngineException;
import io.tablequery.engine.exec.RunSqlResult;
import io.tablequery.engine.plan.CitationDetail;
import io.tablequery.engine.plan.PlanParser;
import io.tablequery.engine.result.ArrowStreams;
import io.tablequery.engine.result.ResultLimits;
import io.tablequery.engine.result.ResultTable;
import io.tablequery.engine.testing.Plans;
import io.tablequery.engine.workspace.Workspace;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowStreamReader;
import org.apache.arrow.vector.types.pojo.Field;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** run-sql's whole final table as an Arrow IPC stream, read back with Arrow's reader. */
class ArrowDownloadTest {
    private static final String PLAN = Plans.plan(
            Plans.step(
                    1,
                    "CREATE TEMP TABLE \"few\" AS SELECT \"id\", \"city\" FROM \"orders\" WHERE \"id\" <= 3",
                    "few",
                    "final"),
            Plans.step(
                    2,
                    "CREATE TEMP TABLE \"all\" AS SELECT \"id\", \"city\", \"amount\", \"id\" * 1.5 AS half,"
                            + " CASE WHEN \"id\" % 2 = 0 THEN 'x' ELSE \"id\" END AS mixed, NULL AS blank"
                            + " FROM \"orders\" ORDER BY \"id\" DESC",
                    "all",
                    "final"));

    @TempDir
    static Path dir;

    static Workspace workspace;
    static TableQuerySkill skill;

    @BeforeAll
    static void setUp() throws IOException {
        workspace = Workspace.open(dir.resolve("ws"));
        skill = new TableQuerySkill(workspace, SkillSettings.DEFAULTS);
        StringBuilder csv = new StringBuilder("id,city,amount\n");
        for (int i = 1; i <= 3000; i++) {
            csv.append(i).append(",City ").append((char) ('A' + i % 4)).append(',');
            csv.append(i % 7 == 0 ? "" : Integer.toString(i * 3)).append('\n');
        }
        Files.writeString(dir.resolve("orders.csv"), csv);
        workspace.ingest(dir.resolve("orders.csv"));
    }

    @AfterAll
    static void tearDown() {
        workspace.close();
    }

    record Download(ArrowStreams.Written written, List<Field> fields, List<List<String>> rows) {}

    static Download download(PlanEngine engine, Integer step, long maxRows) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ArrowStreams.Written written = skill.exportArrow(
                new RunSqlRequest(PlanParser.parse(PLAN), null, null, engine), step, maxRows, false, out);
        List<List<String>> rows = new ArrayList<>();
        try (RootAllocator allocator = new RootAllocator();
                ArrowStreamReader reader =
                        new ArrowStreamReader(new ByteArrayInputStream(out.toByteArray()), allocator)) {
            VectorSchemaRoot root = reader.getVectorSchemaRoot();
            List<Field> fields = root.getSchema().getFields();
            while (reader.loadNextBatch()) {
                for (int r = 0; r < root.getRowCount(); r++) {
                    List<String> row = new ArrayList<>();
                    for (FieldVector vector : root.getFieldVectors()) {
                        Object value = vector.getObject(r);
                        row.add(value == null ? null : value.toString());
                    }
                    rows.add(row);
                }
            }
            return new Download(written, fields, rows);
        }
    }

    @Test
    void writesTheLastFinalTableWholeTypedByItsStorageClasses() throws IOException {
        Download all = download(PlanEngine.SQLITE, null, Long.MAX_VALUE);
        assertThat(all.written()).isEqualTo(new ArrowStreams.Written(3000, false));
        assertThat(all.fields().stream().map(field -> field.getName() + ":" + field.getType()))
                .containsExactly(
                        "id:Int(64, true)",
                        "city:Utf8",
                        "amount:Int(64, true)",
                        "half:FloatingPoint(DOUBLE)",
                        "mixed:Utf8",
                        "blank:Utf8",
                        "__src:Utf8");
        assertThat(all.rows()).hasSize(3000);
        assertThat(all.rows().get(0)).containsExactly("3000", "City A", "9000", "4500.0", "x", null, "F1S1R3001");
        assertThat(all.rows().get(1)).containsExactly("2999", "City D", "8997", "4498.5", "2999", null, "F1S1R3000");
        assertThat(all.rows().get(4).get(2))
                .as("the empty cell of id 2996 is null")
                .isNull();
    }

    @Test
    void citesEachRowAsRunSqlDoes() throws IOException {
        Download all = download(PlanEngine.SQLITE, null, 50);
        RunSqlResult shown = skill.runSql(new RunSqlRequest(PlanParser.parse(PLAN), 2000, null, PlanEngine.SQLITE));
        ResultTable table = shown.tables().get(1);
        for (int r = 0; r < 50; r++) {
            List<String> expected = table.rows().get(r);
            assertThat(all.rows().get(r).get(6)).isEqualTo(expected.get(expected.size() - 1));
            assertThat(all.rows().get(r).get(0)).isEqualTo(expected.get(0));
        }
    }

    @Test
    void choosesAStepAndStopsAtMaxRows() throws IOException {
        Download few = download(PlanEngine.SQLITE, 1, Long.MAX_VALUE);
        assertThat(few.rows())
                .containsExactly(
                        List.of("1", "City B", "F1S1R2"),
                        List.of("2", "City C", "F1S1R3"),
                        List.of("3", "City D", "F1S1R4"));
        Download cut = download(PlanEngine.SQLITE, null, 100);
        assertThat(cut.written()).isEqualTo(new ArrowStreams.Written(100, true));
        assertThat(cut.rows()).hasSize(100);
        assertThatThrownBy(() -> download(PlanEngine.SQLITE, 7, 10))
                .isInstanceOf(EngineException.class)
                .hasMessageContaining("final steps are [1, 2]");
    }

    @Test
    void givesTheSameRowsFromDuckDb() throws IOException {
        String plan = Plans.plan(Plans.step(
                1,
                "CREATE TEMP TABLE \"t\" AS SELECT \"id\", \"city\", \"amount\", \"id\" * 1.5 AS half FROM \"orders\"",
                "t",
                "final"));
        List<List<String>> rows = new ArrayList<>();
        for (PlanEngine engine : List.of(PlanEngine.SQLITE, PlanEngine.DUCKDB)) {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            skill.exportArrow(new RunSqlRequest(PlanParser.parse(plan), null, null, engine), null, 10_000, false, out);
            try (RootAllocator allocator = new RootAllocator();
                    ArrowStreamReader reader =
                            new ArrowStreamReader(new ByteArrayInputStream(out.toByteArray()), allocator)) {
                List<String> lines = new ArrayList<>();
                while (reader.loadNextBatch()) {
                    VectorSchemaRoot root = reader.getVectorSchemaRoot();
                    for (int r = 0; r < root.getRowCount(); r++) {
                        StringBuilder line = new StringBuilder();
                        for (FieldVector vector : root.getFieldVectors()) {
                            line.append(vector.getObject(r)).append('|');
                        }
                        lines.add(line.toString());
                    }
                }
                rows.add(lines);
            }
        }
        assertThat(rows.get(0)).hasSize(3000);
        assertThat(rows.get(1)).isEqualTo(rows.get(0));
    }

    @Test
    void refusesCiteRangesOutOfTheirBoundsInsteadOfUsingAnotherNumber() {
        for (int citeRanges : new int[] {0, ResultLimits.CITE_RANGES_CEILING + 1}) {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            RunSqlRequest request = new RunSqlRequest(
                    PlanParser.parse(PLAN), null, null, PlanEngine.DUCKDB, citeRanges, CitationDetail.ROWS);
            assertThatThrownBy(() -> skill.exportArrow(request, null, 10, false, out))
                    .isInstanceOf(EngineException.class)
                    .hasMessageContaining("cite ranges must be 1 to");
            assertThat(out.size()).as("nothing written").isZero();
        }
    }
}
