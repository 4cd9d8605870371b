package io.tablequery.server.cli;

import com.fasterxml.jackson.databind.JsonNode;
import io.tablequery.server.views.SearchView;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code tq search-tables --query Q --top-k K}: ranks tables for a question. */
@Command(
        name = "search-tables",
        description = "Find the tables that answer a question (BM25 over names, columns, descriptions and values; the"
                + " tables each one joins follow it).")
final class SearchTablesCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    WorkspaceTarget target;

    @Mixin
    JsonOption json;

    @Option(names = "--query", required = true, paramLabel = "Q", description = "The question or keywords.")
    String query;

    @Option(
            names = "--top-k",
            paramLabel = "K",
            defaultValue = "20",
            description = "How many tables to return (default: ${DEFAULT-VALUE}).")
    int topK;

    @Override
    public Integer call() {
        Map<String, Object> request = new LinkedHashMap<>();
        request.put("query", query);
        request.put("topK", topK);
        JsonNode response = target.call(
                skill -> SearchView.of(skill.searchTables(query, topK), skill.names()), "search-tables", request);
        SkillOutput.print(spec.commandLine().getOut(), json, response);
        return 0;
    }
}
