package io.tablequery.server.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.tablequery.engine.duck.DuckDbTools;
import io.tablequery.engine.duck.DuckToolSettings;
import io.tablequery.engine.json.JsonCodec;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code tq duck <tool>}: a DuckDB tool, printing its JSON answer; exit code 1 when it answers success false. */
@Command(
        name = "duck",
        description = "Call a DuckDB tool: queryDuckDB, getTableSchema, getSampleRows, getTableList,"
                + " analyzeDataQuality, compareTables, chart.")
final class DuckCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    WorkspaceTarget target;

    @Parameters(index = "0", paramLabel = "TOOL", description = "The tool's name, as in the seed.")
    String tool;

    @Option(names = "--query", paramLabel = "SQL", description = "queryDuckDB: the DuckDB SQL to run.")
    String query;

    @Option(names = "--table-name", paramLabel = "T", description = "getTableSchema, getSampleRows: the table.")
    String tableName;

    @Option(names = "--limit", paramLabel = "N", description = "getSampleRows: rows, default 10, at most 100.")
    Integer limit;

    @Option(names = "--table-a", paramLabel = "A", description = "compareTables: the first table.")
    String tableA;

    @Option(names = "--table-b", paramLabel = "B", description = "compareTables: the second table.")
    String tableB;

    @Option(names = "--key", paramLabel = "COLUMN", description = "compareTables: the column to match rows by.")
    String key;

    @Option(names = "--kind", paramLabel = "KIND", description = "chart: bar, line, scatter, arc (pie) or histogram.")
    String kind;

    @Option(names = "--x", paramLabel = "COLUMN", description = "chart: the x column.")
    String x;

    @Option(names = "--y", paramLabel = "COLUMN", description = "chart: the y column; left out, rows are counted.")
    String y;

    @Option(names = "--series", paramLabel = "COLUMN", description = "chart: the column splitting series.")
    String series;

    @Option(names = "--title", paramLabel = "TEXT", description = "chart: the title.")
    String title;

    @Option(
            names = "--png",
            paramLabel = "FILE",
            description = "chart: also render a PNG and write it to FILE (the JSON then names the file).")
    Path png;

    @Override
    public Integer call() throws IOException {
        ObjectNode args = JsonCodec.mapper().createObjectNode();
        if (query != null) {
            args.put("query", query);
        }
        if (tableName != null) {
            args.put("tableName", tableName);
        }
        if (limit != null) {
            args.put("limit", limit);
        }
        if (tableA != null) {
            args.put("tableA", tableA);
        }
        if (tableB != null) {
            args.put("tableB", tableB);
        }
        if (key != null) {
            args.put("key", key);
        }
        putIfSet(args, "kind", kind);
        putIfSet(args, "x", x);
        putIfSet(args, "y", y);
        putIfSet(args, "series", series);
        putIfSet(args, "title", title);
        if (png != null) {
            args.put("png", true);
        }
        JsonNode answer = target.callOnWorkspace(
                workspace -> new DuckDbTools(workspace, DuckToolSettings.DEFAULTS).call(tool, args),
                "tools/" + tool,
                args);
        if (png != null && answer.path("png").isTextual() && answer instanceof ObjectNode chart) {
            Files.write(png, Base64.getDecoder().decode(chart.remove("png").textValue()));
            chart.put("pngFile", png.toString());
        }
        new JsonOption().print(spec.commandLine().getOut(), answer);
        return answer.path("success").asBoolean() ? 0 : ExitCodes.USER_ERROR;
    }

    private static void putIfSet(ObjectNode args, String name, String value) {
        if (value != null) {
            args.put(name, value);
        }
    }
}
