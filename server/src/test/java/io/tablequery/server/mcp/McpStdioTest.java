package io.tablequery.server.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.spec.McpSchema.CallToolRequest;
import io.tablequery.engine.json.JsonCodec;
import io.tablequery.engine.workspace.Workspace;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code tq mcp} as a child process, driven by the MCP SDK's stdio client: the contract, logs on standard error only,
 * and the running calls cancelled when the client closes standard input.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class McpStdioTest extends McpContract {
    @TempDir
    static Path dir;

    private Path workspace;
    private final Queue<String> stderr = new ConcurrentLinkedQueue<>();
    private McpSyncClient client;

    @BeforeAll
    void start() throws IOException {
        workspace = dir.resolve("ws");
        try (Workspace open = Workspace.open(workspace)) {
            fill(open, dir);
        }
        client = stdioClient(stderr, "mcp", "--workspace", workspace.toString(), "--query-timeout", "2");
    }

    @AfterAll
    void stop() {
        client.close();
    }

    @Override
    McpSyncClient client() {
        return client;
    }

    @Test
    void logsOnStandardErrorOnly() throws InterruptedException {
        client.callTool(new CallToolRequest("getTableList", Map.of()));
        long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        while (stderr.stream().noneMatch(line -> line.contains("tool=mcp/getTableList"))
                && System.nanoTime() < deadline) {
            Thread.sleep(50);
        }
        assertThat(stderr)
                .anyMatch(line -> line.contains("tablequery MCP server on the workspace"))
                .anyMatch(line -> line.contains("tool=mcp/getTableList") && line.contains("outcome=ok"));
    }

    @Test
    void closingStandardInputCancelsTheRunningCallAndEnds() throws Exception {
        Path own = dir.resolve("closing");
        try (Workspace open = Workspace.open(own)) {
            fill(open, Files.createDirectories(dir.resolve("closing-files")));
        }
        List<String> command = new ArrayList<>(List.of(java()));
        command.addAll(tq("mcp", "--workspace", own.toString(), "--query-timeout", "300"));
        Path errors = dir.resolve("closing.err");
        Process process =
                new ProcessBuilder(command).redirectError(errors.toFile()).start();
        BufferedReader out =
                new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
        OutputStream in = process.getOutputStream();
        send(
                in,
                "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"protocolVersion\":\"2025-06-18\","
                        + "\"capabilities\":{},\"clientInfo\":{\"name\":\"raw\",\"version\":\"1\"}}}");
        JsonNode initialized = JsonCodec.read(out.readLine(), JsonNode.class);
        assertThat(initialized.path("result").path("serverInfo").path("name").asText())
                .isEqualTo("tablequery");
        send(in, "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}");
        send(
                in,
                JsonCodec.write(Map.of(
                        "jsonrpc",
                        "2.0",
                        "id",
                        2,
                        "method",
                        "tools/call",
                        "params",
                        Map.of("name", "queryDuckDB", "arguments", Map.of("query", RUNAWAY)))));
        Thread.sleep(3000);
        long closed = System.nanoTime();
        in.close();
        assertThat(process.waitFor(15, TimeUnit.SECONDS))
                .as("tq mcp ended: %s", Files.readString(errors))
                .isTrue();
        assertThat(Duration.ofNanos(System.nanoTime() - closed)).isLessThan(Duration.ofSeconds(15));
        assertThat(process.exitValue()).isZero();
        assertThat(Files.readString(errors)).contains("cancelled 1 running call");
        for (String line = out.readLine(); line != null; line = out.readLine()) {
            assertThat(JsonCodec.read(line, JsonNode.class).path("jsonrpc").asText())
                    .as("stdout carries only the protocol: %s", line)
                    .isEqualTo("2.0");
        }
    }

    private static void send(OutputStream in, String message) throws IOException {
        in.write((message + "\n").getBytes(StandardCharsets.UTF_8));
        in.flush();
    }
}
