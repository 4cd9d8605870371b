package io.tablequery.server.mcp;

import io.modelcontextprotocol.common.McpTransportContext;
import io.tablequery.engine.workspace.Workspace;
import java.util.function.Function;
import java.util.function.ToLongFunction;

/** How a transport gives an MCP call its workspace: one fixed directory for stdio, the request's for HTTP. */
public interface WorkspaceAccess {
    /**
     * Names the workspace a call works on, for its log line.
     *
     * @param context what the transport knows of the call's request
     * @return the workspace's name, or {@code -} when there is none
     */
    String name(McpTransportContext context);

    /**
     * Names the key a call's request presented, for its audit line.
     *
     * @param context what the transport knows of the call's request
     * @return the key's id, or null when the transport takes no keys
     */
    default String keyId(McpTransportContext context) {
        return null;
    }

    /**
     * Runs a call's work on its workspace, after whatever admission the transport asks for.
     *
     * @param context what the transport knows of the call's request
     * @param size the rows the call may scan on a workspace, for admission
     * @param work the tool's work
     * @param <T> the work's result
     * @return the work's result
     * @throws io.tablequery.engine.error.EngineException when there is no such workspace or no slot is free
     */
    <T> T run(McpTransportContext context, ToLongFunction<Workspace> size, Function<Workspace, T> work);

    /**
     * The access of a server of one workspace.
     *
     * @param workspace the workspace every call works on
     * @return the access
     */
    static WorkspaceAccess of(Workspace workspace) {
        return new WorkspaceAccess() {
            @Override
            public String name(McpTransportContext context) {
                return workspace.name();
            }

            @Override
            public <T> T run(McpTransportContext context, ToLongFunction<Workspace> size, Function<Workspace, T> work) {
                return work.apply(workspace);
            }
        };
    }
}
