package io.tablequery.server.cli;

import com.fasterxml.jackson.databind.JsonNode;
import io.tablequery.server.views.SchemasView;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code tq get-schemas --tables "a,b"}: CREATE TABLE, sample rows and column profiles. */
@Command(name = "get-schemas", description = "Show tables' CREATE TABLE, sample rows and column profiles.")
final class GetSchemasCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    WorkspaceTarget target;

    @Mixin
    JsonOption json;

    @Option(names = "--tables", required = true, paramLabel = "a,b", description = "Table names, separated by commas.")
    String tables;

    @Override
    public Integer call() {
        List<String> names = Arrays.asList(tables.split(","));
        JsonNode response =
                target.call(skill -> SchemasView.of(skill.getSchemas(names)), "get-schemas", Map.of("tables", names));
        SkillOutput.print(spec.commandLine().getOut(), json, response);
        return 0;
    }
}
