package io.tablequery.server.mcp;

import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.json.jackson2.JacksonMcpJsonMapper;
import io.modelcontextprotocol.server.McpServer;
import io.modelcontextprotocol.server.McpSyncServer;
import io.modelcontextprotocol.server.McpTransportContextExtractor;
import io.modelcontextprotocol.server.transport.HttpServletStreamableServerTransportProvider;
import io.modelcontextprotocol.server.transport.StdioServerTransportProvider;
import io.modelcontextprotocol.spec.McpSchema.ServerCapabilities;
import io.tablequery.engine.json.JsonCodec;
import jakarta.servlet.http.HttpServletRequest;
import java.io.InputStream;
import java.io.OutputStream;

/** Builds the MCP server over its two transports, with the same tools, instructions and JSON mapper. */
public final class McpServers {
    /** The name the server gives in the MCP handshake. */
    public static final String NAME = "tablequery";
    /** The version it gives. */
    public static final String VERSION = "0.1.0";

    private McpServers() {}

    /**
     * The server over stdio: JSON-RPC messages, one per line, on {@code in} and {@code out}.
     *
     * @param calls runs the tool calls
     * @param in the client's messages
     * @param out the server's messages; nothing else may write there
     * @return the running server
     */
    public static McpSyncServer stdio(McpToolCalls calls, InputStream in, OutputStream out) {
        McpJsonMapper mapper = mapper();
        return McpServer.sync(new StdioServerTransportProvider(mapper, in, out))
                .jsonMapper(mapper)
                .serverInfo(NAME, VERSION)
                .instructions(McpToolCatalog.instructions())
                .capabilities(ServerCapabilities.builder().tools(false).build())
                .validateToolInputs(false)
                .tools(McpToolCatalog.specifications(calls))
                .build();
    }

    /**
     * The server over Streamable HTTP: a servlet to mount where the MCP endpoint is.
     *
     * <p>The transport is built without its session sweeper and keep-alive pings, whose threads would keep the JVM
     * alive after the server stops; sessions end when their client deletes them or the server stops. Tool calls run on
     * the request's thread.
     *
     * @param calls runs the tool calls
     * @param context what a request tells its calls: the workspace it named
     * @param maxRequestBytes the largest message accepted
     * @return the transport, which is the servlet, and the server on it
     */
    public static Streamable streamable(
            McpToolCalls calls, McpTransportContextExtractor<HttpServletRequest> context, int maxRequestBytes) {
        McpJsonMapper mapper = mapper();
        HttpServletStreamableServerTransportProvider transport = HttpServletStreamableServerTransportProvider.builder()
                .jsonMapper(mapper)
                .contextExtractor(context)
                .maxRequestSize(maxRequestBytes)
                .keepAliveInterval(null)
                .sessionSweepInterval(null)
                .build();
        McpSyncServer server = McpServer.sync(transport)
                .jsonMapper(mapper)
                .serverInfo(NAME, VERSION)
                .instructions(McpToolCatalog.instructions())
                .capabilities(ServerCapabilities.builder().tools(false).build())
                .validateToolInputs(false)
                .immediateExecution(true)
                .tools(McpToolCatalog.specifications(calls))
                .build();
        return new Streamable(transport, server);
    }

    /**
     * The Streamable HTTP server and its servlet.
     *
     * @param transport the servlet serving the endpoint
     * @param server the server; closing it ends every session
     */
    public record Streamable(HttpServletStreamableServerTransportProvider transport, McpSyncServer server) {}

    private static McpJsonMapper mapper() {
        return new JacksonMcpJsonMapper(JsonCodec.mapper());
    }
}
