package io.tablequery.server.mcp;

import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.HttpClientStreamableHttpTransport;
import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.json.jackson2.JacksonMcpJsonMapper;
import io.modelcontextprotocol.server.McpServer;
import io.modelcontextprotocol.server.McpServerFeatures.SyncToolSpecification;
import io.modelcontextprotocol.server.McpSyncServer;
import io.modelcontextprotocol.server.McpTransportContextExtractor;
import io.modelcontextprotocol.server.transport.HttpServletStreamableServerTransportProvider;
import io.modelcontextprotocol.server.transport.StdioServerTransportProvider;
import io.modelcontextprotocol.spec.McpSchema.Implementation;
import io.modelcontextprotocol.spec.McpSchema.ServerCapabilities;
import io.tablequery.engine.json.JsonCodec;
import jakarta.servlet.http.HttpServletRequest;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.URI;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;

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
     * A server over stdio that passes every tool call on to another tablequery MCP server, the one serving the
     * workspace over Streamable HTTP: {@code tq mcp} beside a running {@code tq serve}. The tools, instructions and
     * answers are that server's.
     *
     * @param remote a client of the other server, initialized
     * @param in the client's messages
     * @param out the server's messages; nothing else may write there
     * @return the running server
     */
    public static McpSyncServer proxy(McpSyncClient remote, InputStream in, OutputStream out) {
        McpJsonMapper mapper = mapper();
        List<SyncToolSpecification> tools = remote.listTools().tools().stream()
                .map(tool -> SyncToolSpecification.builder()
                        .tool(tool)
                        .callHandler((exchange, request) -> remote.callTool(request))
                        .build())
                .toList();
        String instructions = remote.getServerInstructions();
        return McpServer.sync(new StdioServerTransportProvider(mapper, in, out))
                .jsonMapper(mapper)
                .serverInfo(NAME, VERSION)
                .instructions(instructions == null ? McpToolCatalog.instructions() : instructions)
                .capabilities(ServerCapabilities.builder().tools(false).build())
                .validateToolInputs(false)
                .tools(tools)
                .build();
    }

    /**
     * A client of the MCP endpoint of a tablequery server's workspace, initialized.
     *
     * @param server the server's base URL
     * @param workspace the workspace's name there
     * @param key the workspace's API key, or null for a server without keys
     * @param timeout how long a call may take before the client gives up
     * @return the client
     */
    public static McpSyncClient client(URI server, String workspace, String key, Duration timeout) {
        HttpClientStreamableHttpTransport transport = HttpClientStreamableHttpTransport.builder(server.toString())
                .endpoint("/v1/workspaces/"
                        + URLEncoder.encode(workspace, StandardCharsets.UTF_8).replace("+", "%20") + "/mcp")
                .jsonMapper(mapper())
                .httpRequestCustomizer((builder, method, uri, body, context) -> {
                    if (key != null && !key.isBlank()) {
                        builder.header("Authorization", "Bearer " + key.strip());
                    }
                })
                .build();
        McpSyncClient client = McpClient.sync(transport)
                .requestTimeout(timeout)
                .clientInfo(new Implementation(NAME + "-proxy", VERSION))
                .build();
        client.initialize();
        return client;
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
