package io.tablequery.server.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.tablequery.engine.json.JsonCodec;
import io.tablequery.server.api.SourceCellsAnswer;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code tq source-cells --citation F2S1R7}: the getSourceCells tool, so that an agent on the command line can check a
 * cited value against the file as uploaded, as it can over HTTP and MCP. Prints the tool's JSON answer.
 */
@Command(
        name = "source-cells",
        description = "Show the cells of the uploaded file a citation names (F2S1R7 from a result's __src, several"
                + " joined by ';', or a sheet F2S1), as the person sees them there.")
final class SourceCellsCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    WorkspaceTarget target;

    @Option(names = "--citation", required = true, paramLabel = "REF", description = "The citation, such as F2S1R7.")
    String citation;

    @Option(
            names = "--around",
            paramLabel = "N",
            description = "Rows shown above and below a cited row (default: " + SourceCellsAnswer.DEFAULT_AROUND + ").")
    Integer around;

    @Override
    public Integer call() {
        ObjectNode args = JsonCodec.mapper().createObjectNode().put("citation", citation);
        if (around != null) {
            args.put("around", around);
        }
        JsonNode answer =
                target.callOnWorkspace(workspace -> SourceCellsAnswer.of(workspace, args), "source-cells", args);
        new JsonOption().print(spec.commandLine().getOut(), answer);
        return 0;
    }
}
