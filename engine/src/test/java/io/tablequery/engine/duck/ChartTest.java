package io.tablequery.engine.duck;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.networknt.schema.Error;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import io.tablequery.engine.json.JsonCodec;
import io.tablequery.engine.workspace.Workspace;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ChartTest {
    private static final String[] REGIONS = {"North", "South", "East", "West"};

    @TempDir
    static Path dir;

    static Workspace workspace;
    static DuckDbTools tools;
    static Schema vegaLite;

    @BeforeAll
    static void setUp() throws IOException {
        workspace = Workspace.open(dir.resolve("ws"));
        tools = new DuckDbTools(workspace, DuckToolSettings.DEFAULTS);
        StringBuilder csv = new StringBuilder("region,day,amount,units,unit.price\n");
        for (int i = 0; i < 6000; i++) {
            csv.append(REGIONS[i % 4])
                    .append(",2025-")
                    .append(String.format("%02d-%02d", 1 + i % 12, 1 + i % 28))
                    .append(',')
                    .append(i % 97 * 1.25)
                    .append(',')
                    .append(i % 10 == 0 ? "" : Integer.toString(i % 40))
                    .append(',')
                    .append(i % 7 + 0.5)
                    .append('\n');
        }
        Files.writeString(dir.resolve("sales.csv"), csv);
        workspace.ingest(dir.resolve("sales.csv"));
        try (InputStream schema = ChartTest.class.getResourceAsStream("/vega-lite/vega-lite-v6.5.0.schema.json")) {
            vegaLite = SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_7)
                    .getSchema(schema);
        }
    }

    @AfterAll
    static void tearDown() {
        workspace.close();
    }

    static JsonNode json(ChartResult result) {
        return JsonCodec.mapper().valueToTree(result);
    }

    static JsonNode chart(String query, String table, String kind, String x, String y, String series) {
        return json(tools.chart(query, table, kind, x, y, series, null, true));
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            nullValues = "-",
            value = {
                "SELECT region, sum(amount) AS total FROM sales GROUP BY region|-|bar|region|total|-",
                "-|sales|bar|region|amount|-",
                "-|sales|bar|region|-|-",
                "SELECT region, month(day) AS m, sum(units) AS u FROM sales GROUP BY ALL|-|bar|m|u|region",
                "SELECT day, sum(amount) AS total FROM sales GROUP BY day|-|line|day|total|-",
                "-|sales|line|units|amount|region",
                "-|sales|scatter|units|amount|region",
                "-|sales|point|day|units|-",
                "-|sales|pie|region|amount|-",
                "-|sales|histogram|amount|-|-",
                "-|sales|histogram|unit.price|-|-",
                "-|sales|bar|unit.price|units|-",
            })
    void drawsEachKindAsAValidVegaLiteSpecAndAPng(
            String query, String table, String kind, String x, String y, String series) throws IOException {
        JsonNode result = chart(query, table, kind, x, y, series);
        assertThat(result.at("/success").asBoolean()).as(result.toString()).isTrue();
        List<Error> errors = vegaLite.validate(result.get("spec"));
        assertThat(errors).as(result.get("spec").toString()).isEmpty();
        assertThat(result.at("/spec/data/values").size()).isPositive();
        BufferedImage image = ImageIO.read(new ByteArrayInputStream(
                Base64.getDecoder().decode(result.get("png").asText())));
        assertThat(image.getWidth()).isEqualTo(ChartPng.WIDTH);
        assertThat(image.getHeight()).isEqualTo(ChartPng.HEIGHT);
        Set<Integer> colors = new HashSet<>();
        for (int px = 0; px < image.getWidth(); px += 7) {
            for (int py = 0; py < image.getHeight(); py += 7) {
                colors.add(image.getRGB(px, py));
            }
        }
        assertThat(colors.size()).as("distinct colors in the PNG").isGreaterThan(3);
    }

    @Test
    void barsKeepTheQuerysOrderAndItsValues() {
        JsonNode result = json(tools.chart(
                "SELECT region, sum(amount) AS total FROM sales GROUP BY region ORDER BY total DESC, region;",
                null,
                "bar",
                "region",
                "total",
                null,
                "Revenue",
                false));
        JsonNode expected = JsonCodec.mapper()
                .valueToTree(tools.queryDuckDB(
                                "SELECT region, sum(amount) AS total FROM sales GROUP BY region ORDER BY total DESC, region")
                        .rows());
        assertThat(result.at("/spec/data/values")).isEqualTo(expected);
        assertThat(result.at("/spec/title").asText()).isEqualTo("Revenue");
        assertThat(result.at("/spec/encoding/x/sort").isNull()).isTrue();
        assertThat(result.has("png")).isFalse();
        assertThat(result.at("/kind").asText()).isEqualTo("bar");
    }

    @Test
    void countsRowsWhenYIsLeftOut() {
        JsonNode result = chart(null, "sales", "bar", "region", null, null);
        assertThat(result.at("/spec/encoding/y/field").asText()).isEqualTo("count");
        long total = 0;
        for (JsonNode bar : result.at("/spec/data/values")) {
            total += bar.get("count").asLong();
        }
        assertThat(total).isEqualTo(6000);
        assertThat(result.at("/spec/title").asText()).isEqualTo("count by region");
    }

    @Test
    void binsAHistogramInDuckDb() {
        JsonNode result = chart(null, "sales", "histogram", "units", null, null);
        JsonNode bins = result.at("/spec/data/values");
        long counted = 0;
        double previousEnd = Double.NaN;
        for (JsonNode bin : bins) {
            counted += bin.get("count").asLong();
            if (!Double.isNaN(previousEnd)) {
                assertThat(bin.get("bin_start").asDouble()).isEqualTo(previousEnd);
            }
            previousEnd = bin.get("bin_end").asDouble();
        }
        assertThat(counted).as("every non-null value is in one bin").isEqualTo(5400);
        assertThat(bins.size()).isBetween(2, HistogramBins.MAX_BINS + 1);
        assertThat(result.at("/spec/encoding/x/bin/step").asDouble()).isEqualTo(2.0);
        assertThat(result.at("/spec/encoding/x/title").asText()).isEqualTo("units");
    }

    @Test
    void choosesReadableBinSteps() {
        assertThat(HistogramBins.of(0, 100, 20)).isEqualTo(new HistogramBins(0, 5));
        assertThat(HistogramBins.of(1.5, 37.5, 20)).isEqualTo(new HistogramBins(0, 2));
        assertThat(HistogramBins.of(-0.33, 0.42, 20)).isEqualTo(new HistogramBins(-0.35, 0.05));
        assertThat(HistogramBins.of(7, 7, 20).step()).isPositive();
        assertThat(HistogramBins.of(0.1, 0.9, 20).edge(3)).isEqualTo(0.25);
    }

    @Test
    void cutsAScatterPlotAtItsPointLimit() {
        JsonNode result = chart(null, "sales", "scatter", "units", "amount", null);
        assertThat(result.at("/spec/data/values").size()).isEqualTo(ChartMaker.MAX_POINTS);
        assertThat(result.at("/rowCount").asLong()).isEqualTo(6000);
        assertThat(result.at("/_truncatedRows").asBoolean()).isTrue();
    }

    @Test
    void escapesFieldNamesVegaLiteReadsAsPaths() {
        JsonNode result = chart(null, "sales", "bar", "unit.price", "units", null);
        assertThat(result.at("/spec/encoding/x/field").asText()).isEqualTo("unit\\.price");
        assertThat(result.at("/spec/encoding/x/title").asText()).isEqualTo("unit.price");
        assertThat(result.at("/spec/data/values/0").has("unit.price")).isTrue();
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            nullValues = "-",
            value = {
                "-|sales|donut|region|amount|-|INVALID_ARGUMENT|the kinds are bar, line",
                "-|sales|bar|-|amount|-|INVALID_ARGUMENT|a chart needs x",
                "-|sales|bar|regoin|amount|-|INVALID_ARGUMENT|the columns are: region, day, amount",
                "-|sales|bar|region|day|-|INVALID_ARGUMENT|Leave y out to count rows",
                "-|sales|histogram|region|-|-|INVALID_ARGUMENT|Use a bar chart",
                "-|sales|histogram|amount|units|-|INVALID_ARGUMENT|leave out y and series",
                "-|sales|pie|region|amount|day|INVALID_ARGUMENT|a pie has no series",
                "-|sales|scatter|units|-|-|INVALID_ARGUMENT|needs y",
                "-|sales|bar|region|region|-|INVALID_ARGUMENT|other than x",
                "SELECT 1 AS a|sales|bar|a|-|-|INVALID_ARGUMENT|not both",
                "-|-|bar|a|-|-|INVALID_ARGUMENT|either query",
                "-|saless|bar|region|-|-|TABLE_NOT_FOUND|getTableList",
                "COPY sales TO 'x.csv'|-|bar|region|-|-|QUERY_REFUSED|",
                "SELECT 1 AS a; DROP TABLE sales|-|bar|a|-|-|QUERY_REFUSED|",
                "SELECT * FROM read_csv('/etc/passwd')|-|bar|column0|-|-|QUERY_FAILED|",
                "SELECT nope FROM sales|-|bar|nope|-|-|QUERY_FAILED|nope",
            })
    void refusesWhatItCannotDrawWithAReason(
            String query, String table, String kind, String x, String y, String series, String code, String says) {
        JsonNode result = chart(query, table, kind, x, y, series);
        assertThat(result.at("/success").asBoolean()).isFalse();
        assertThat(result.at("/code").asText()).as(result.toString()).isEqualTo(code);
        if (says != null) {
            assertThat(result.at("/error").asText()).contains(says);
        }
        assertThat(json(tools.chart(null, "sales", "bar", "region", null, null, null, false))
                        .at("/spec/data/values")
                        .size())
                .isEqualTo(REGIONS.length);
    }

    @Test
    void answersThroughTheToolCallLikeTheOtherTools() {
        JsonNode args = JsonCodec.mapper()
                .createObjectNode()
                .put("tableName", "sales")
                .put("kind", "line")
                .put("x", "day")
                .put("y", "amount");
        JsonNode result = JsonCodec.mapper().valueToTree(tools.call("chart", args));
        assertThat(result.at("/success").asBoolean()).isTrue();
        assertThat(result.at("/spec/encoding/x/type").asText()).isEqualTo("temporal");
        List<String> days = new ArrayList<>();
        result.at("/spec/data/values")
                .forEach(point -> days.add(point.get("day").asText()));
        assertThat(days).isSorted();
        assertThat(JsonCodec.mapper()
                        .valueToTree(tools.call("chart", JsonCodec.mapper().createObjectNode()))
                        .at("/error")
                        .asText())
                .contains("kind");
    }
}
