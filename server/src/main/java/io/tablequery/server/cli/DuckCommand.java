package io.tablequery.server.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.tablequery.engine.duck.DuckDbTools;
import io.tablequery.engine.duck.DuckToolSettings;
import io.tablequery.engine.json.JsonCodec;
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
                + " analyzeDataQuality, compareTables.")
final class DuckCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    SkillTarget target;

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

    @Override
    public Integer call() {
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
        JsonNode answer = target.callOnWorkspace(
                workspace -> new DuckDbTools(workspace, DuckToolSettings.DEFAULTS).call(tool, args),
                "tools/" + tool,
                args);
        new JsonOption().print(spec.commandLine().getOut(), answer);
        return answer.path("success").asBoolean() ? 0 : ExitCodes.USER_ERROR;
    }
}
