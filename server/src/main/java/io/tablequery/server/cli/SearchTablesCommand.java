package io.tablequery.server.cli;

import com.fasterxml.jackson.databind.JsonNode;
import io.tablequery.engine.skill.SkillSettings;
import io.tablequery.engine.skill.TableQuerySkill;
import io.tablequery.engine.workspace.SearchMode;
import io.tablequery.engine.workspace.Workspace;
import io.tablequery.server.views.SearchView;
import java.time.Duration;
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
        description = "Find the tables that answer a question: by their words (BM25 over names, columns, descriptions"
                + " and values) and by their meaning (embedding models run in this process), unless --search"
                + " lexical; the tables each one joins follow it. Run here, the first search by meaning reads every"
                + " table not read yet (about a tenth of a second a table) and keeps what it read in the workspace; a server"
                + " ranks as it was started to (tq serve --search).")
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

    @Mixin
    SearchOption search;

    /** The longest the first search by meaning waits for the tables' vectors; after it, words rank what is unread. */
    static final Duration MEANING_WAIT = Duration.ofMinutes(10);

    @Override
    public Integer call() {
        SearchMode mode = search.mode();
        target.searchBy(mode);
        Map<String, Object> request = new LinkedHashMap<>();
        request.put("query", query);
        request.put("topK", topK);
        JsonNode response = target.callOnWorkspace(
                workspace -> {
                    if (mode == SearchMode.MEANING) {
                        awaitMeanings(workspace);
                    }
                    TableQuerySkill skill = new TableQuerySkill(workspace, SkillSettings.DEFAULTS);
                    return SearchView.of(skill.searchTables(query, topK), skill.names());
                },
                "search-tables",
                request);
        SkillOutput.print(spec.commandLine().getOut(), json, response);
        return 0;
    }

    /** Waits for the tables' vectors; until they are made (or after the wait) words rank the tables not read. */
    private static void awaitMeanings(Workspace workspace) {
        try {
            workspace.awaitMeanings(MEANING_WAIT);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
