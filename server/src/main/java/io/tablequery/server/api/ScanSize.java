package io.tablequery.server.api;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import io.tablequery.engine.catalog.NamedRows;
import io.tablequery.engine.json.JsonCodec;
import io.tablequery.engine.workspace.Workspace;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * How many stored rows a tool call may scan, judged from its arguments before it runs: the rows of every table its
 * SQL or table arguments name ({@link NamedRows}). Only the tools that scan whole tables are sized: run-sql,
 * queryDuckDB, analyzeDataQuality, compareTables and chart, in the HTTP API's and the MCP server's spellings; the
 * others read the catalog or a few rows and are sized 0. A plan sent as a JSON string is read as its object.
 */
public final class ScanSize {
    private static final Set<String> SCANNING =
            Set.of("run-sql", "run_sql", "queryDuckDB", "analyzeDataQuality", "compareTables", "chart");

    private ScanSize() {}

    /**
     * Tells whether a tool scans tables, so that its calls are worth sizing.
     *
     * @param tool the tool's name
     * @return true for run-sql, queryDuckDB, analyzeDataQuality, compareTables and chart
     */
    public static boolean scans(String tool) {
        return SCANNING.contains(tool);
    }

    /**
     * Sizes a call.
     *
     * @param workspace the workspace it runs on
     * @param tool the tool's name
     * @param arguments its arguments
     * @return the rows of the tables it names, or 0 for a tool that does not scan
     */
    public static long rows(Workspace workspace, String tool, JsonNode arguments) {
        if (!scans(tool) || arguments == null) {
            return 0;
        }
        List<String> texts = new ArrayList<>();
        collect(arguments, texts);
        return NamedRows.in(workspace.catalog(), texts);
    }

    private static void collect(JsonNode node, List<String> texts) {
        if (node.isTextual()) {
            String text = node.textValue();
            if (text.strip().startsWith("{")) {
                try {
                    collect(JsonCodec.mapper().readTree(text), texts);
                    return;
                } catch (JsonProcessingException e) {
                    // Not a plan after all: sized as text.
                }
            }
            texts.add(text);
        } else {
            for (JsonNode child : node) {
                collect(child, texts);
            }
        }
    }
}
