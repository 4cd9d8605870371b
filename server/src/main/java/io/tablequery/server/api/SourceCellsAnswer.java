package io.tablequery.server.api;

import com.fasterxml.jackson.databind.JsonNode;
import io.tablequery.engine.browse.BrowseErrorCode;
import io.tablequery.engine.browse.SourceCells;
import io.tablequery.engine.browse.SourceCitations;
import io.tablequery.engine.error.EngineException;
import io.tablequery.engine.workspace.Workspace;
import java.util.List;

/**
 * The getSourceCells tool's answer, the same over HTTP and MCP: the cells each citation names.
 *
 * @param success always true; a failure is an error of the transport's kind
 * @param sheets one entry per cited sheet
 */
public record SourceCellsAnswer(boolean success, List<SourceCells> sheets) {
    /** The default rows shown above and below a cited row. */
    public static final int DEFAULT_AROUND = 2;

    public SourceCellsAnswer {
        sheets = List.copyOf(sheets);
    }

    /**
     * Runs the tool.
     *
     * @param workspace the workspace
     * @param args {@code citation} and, optionally, {@code around}
     * @return the answer
     * @throws EngineException INVALID_RANGE for missing or malformed arguments, and what reading the file throws
     */
    public static SourceCellsAnswer of(Workspace workspace, JsonNode args) {
        JsonNode citation = args.path("citation");
        if (!citation.isTextual()) {
            throw new EngineException(
                    BrowseErrorCode.INVALID_RANGE,
                    "getSourceCells needs the string argument citation, such as \"F2S1R7\" from a result's __src");
        }
        JsonNode around = args.path("around");
        if (!around.isMissingNode() && !around.isNull() && !around.canConvertToInt()) {
            throw new EngineException(BrowseErrorCode.INVALID_RANGE, "around must be a whole number of rows");
        }
        int rows = around.isMissingNode() || around.isNull() ? DEFAULT_AROUND : around.intValue();
        return new SourceCellsAnswer(true, SourceCitations.read(workspace, citation.textValue(), rows));
    }
}
