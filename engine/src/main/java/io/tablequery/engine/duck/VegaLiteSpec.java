package io.tablequery.engine.duck;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.tablequery.engine.json.JsonCodec;
import java.util.List;
import java.util.Map;

/**
 * Writes a chart as a Vega-Lite 6 specification with its data inline. The specification is data, never code: a
 * client renders it with vega-embed or any Vega-Lite runtime.
 */
final class VegaLiteSpec {
    /** The schema a specification names. */
    static final String SCHEMA = "https://vega.github.io/schema/vega-lite/v6.json";

    private VegaLiteSpec() {}

    /**
     * Builds a specification.
     *
     * @param chart what is drawn from which columns
     * @param rows the data, each row keyed by the column names of {@code chart}
     * @return the specification
     */
    static ObjectNode of(ChartData chart, List<Map<String, Object>> rows) {
        ObjectNode spec = JsonCodec.mapper().createObjectNode();
        spec.put("$schema", SCHEMA);
        spec.put("title", chart.title());
        spec.putObject("data").set("values", JsonCodec.mapper().valueToTree(rows));
        ObjectNode mark = spec.putObject("mark");
        mark.put("type", mark(chart.kind()));
        mark.put("tooltip", true);
        ObjectNode encoding = spec.putObject("encoding");
        switch (chart.kind()) {
            case BAR -> {
                ObjectNode x = channel(
                        encoding,
                        "x",
                        chart.x(),
                        chart.x().numeric() ? "ordinal" : chart.x().measure());
                x.putNull("sort");
                channel(encoding, "y", chart.y(), "quantitative");
            }
            case LINE -> {
                channel(
                        encoding,
                        "x",
                        chart.x(),
                        chart.x().numeric() || chart.x().temporal() ? chart.x().measure() : "ordinal");
                channel(encoding, "y", chart.y(), "quantitative");
            }
            case SCATTER -> {
                channel(encoding, "x", chart.x(), chart.x().measure());
                channel(encoding, "y", chart.y(), chart.y().measure());
            }
            case ARC -> {
                channel(encoding, "theta", chart.y(), "quantitative");
                channel(encoding, "color", chart.x(), "nominal").putNull("sort");
            }
            case HISTOGRAM -> {
                ObjectNode x = encoding.putObject("x");
                x.put("field", ChartData.BIN_START);
                x.put("type", "quantitative");
                x.put("title", chart.x().name());
                ObjectNode bin = x.putObject("bin");
                bin.put("binned", true);
                bin.put("step", chart.bins().step());
                encoding.putObject("x2").put("field", ChartData.BIN_END);
                channel(encoding, "y", chart.y(), "quantitative");
            }
        }
        if (chart.series() != null) {
            channel(encoding, "color", chart.series(), "nominal");
        }
        return spec;
    }

    private static String mark(ChartKind kind) {
        return switch (kind) {
            case BAR, HISTOGRAM -> "bar";
            case LINE -> "line";
            case SCATTER -> "point";
            case ARC -> "arc";
        };
    }

    private static ObjectNode channel(ObjectNode encoding, String name, ChartField field, String type) {
        ObjectNode channel = encoding.putObject(name);
        channel.put("field", escape(field.name()));
        channel.put("type", type);
        channel.put("title", field.name());
        return channel;
    }

    /** Vega-Lite reads dots and brackets in a field name as a path into nested data; escaped, they are literal. */
    static String escape(String name) {
        return name.replace("\\", "\\\\")
                .replace(".", "\\.")
                .replace("[", "\\[")
                .replace("]", "\\]");
    }
}
