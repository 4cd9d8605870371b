package io.tablequery.engine.ingest.csv;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.core.type.TypeReference;
import io.tablequery.dialects.testing.Corpora;
import io.tablequery.dialects.testing.CorpusSuite;
import io.tablequery.engine.catalog.ColumnInfo;
import io.tablequery.engine.catalog.TableInfo;
import io.tablequery.engine.json.JsonCodec;
import io.tablequery.engine.testing.TableReader;
import io.tablequery.engine.workspace.Workspace;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The csv-spectrum edge cases, compared with their expected JSON: every field, rendered as text (an empty field is
 * NULL here, "" there; a number reads back as its text).
 */
@CorpusSuite
class CsvSpectrumTest {
    @TempDir
    Path dir;

    static Stream<String> cases() {
        return Corpora.files("csv/csv-spectrum/csvs").stream()
                .map(p -> p.getFileName().toString().replace(".csv", ""));
    }

    @ParameterizedTest
    @MethodSource("cases")
    void matchesExpectedJson(String name) throws Exception {
        Path csv = Corpora.resolve("csv/csv-spectrum/csvs/" + name + ".csv");
        String json = Files.readString(Corpora.resolve("csv/csv-spectrum/json/" + name + ".json"));
        List<LinkedHashMap<String, String>> expected =
                JsonCodec.mapper().readValue(json, new TypeReference<List<LinkedHashMap<String, String>>>() {});
        // The checkout stores the *_crlf files with LF endings, so a quoted line break reads back as LF.
        boolean crlfInFile = Files.readString(csv).contains("\r\n");
        try (Workspace workspace = Workspace.open(dir.resolve("ws"))) {
            TableInfo table = workspace.ingest(csv).tables().get(0);
            List<String> columns =
                    table.columns().stream().map(ColumnInfo::name).toList();
            assertThat(columns).containsExactlyElementsOf(expected.get(0).keySet());
            List<List<Object>> rows = TableReader.sqlite(workspace, table.name());
            assertThat(rows).hasSize(expected.size());
            for (int r = 0; r < rows.size(); r++) {
                List<String> actual = new ArrayList<>();
                for (Object value : rows.get(r).subList(1, rows.get(r).size())) {
                    actual.add(value == null ? "" : render(value));
                }
                List<String> want = expected.get(r).values().stream()
                        .map(v -> crlfInFile ? v : v.replace("\r\n", "\n"))
                        .toList();
                assertThat(actual).as("row %d of %s", r, name).isEqualTo(want);
            }
        }
    }

    private static String render(Object value) {
        if (value instanceof Double d && d == Math.rint(d)) {
            return Long.toString(d.longValue());
        }
        return value.toString();
    }
}
