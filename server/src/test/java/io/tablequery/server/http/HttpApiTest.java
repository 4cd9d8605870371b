package io.tablequery.server.http;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.tablequery.engine.json.JsonCodec;
import io.tablequery.engine.skill.SkillSettings;
import io.tablequery.engine.workspace.Workspace;
import java.io.Writer;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The HTTP API on a real Javalin server on a random loopback port, over real workspaces. */
class HttpApiTest {
    private static final long MAX_UPLOAD = 200L << 20;

    @TempDir
    Path dir;

    private TqServer server;
    /** A request that gets no answer fails the test instead of stopping the build. */
    private static final Duration TIMEOUT = Duration.ofMinutes(2);

    private final HttpClient client = HttpClient.newHttpClient();

    @BeforeEach
    void start() {
        WorkspaceRegistry registry = new WorkspaceRegistry();
        registry.add(Workspace.open(dir.resolve("data/default")));
        registry.add(Workspace.open(dir.resolve("data/other")));
        server = TqServer.start(
                registry, new ServerSettings("127.0.0.1", 0, MAX_UPLOAD, 1 << 20, SkillSettings.DEFAULTS), dir);
    }

    @AfterEach
    void stop() {
        server.close();
    }

    @Test
    void uploadsListsReportsAndDeletesFiles() throws Exception {
        Path csv = write(
                "orders.csv", "id,amount,share\n1,$1,200.50,10%\n2,$3.00,25%\n".replace("$1,200.50", "\"$1,200.50\""));
        HttpResponse<String> upload = upload("default", "orders.csv", csv);
        assertThat(upload.statusCode()).isEqualTo(201);
        JsonNode body = json(upload);
        assertThat(body.at("/file/file").asText()).isEqualTo("F1");
        assertThat(body.at("/tables/0/name").asText()).isEqualTo("orders");
        assertThat(body.at("/tables/0/rowCount").asLong()).isEqualTo(2);
        assertThat(body.at("/tables/0/columns/1/type").asText()).isEqualTo("REAL");
        assertThat(body.at("/coercedCells").asLong()).isEqualTo(4);
        assertThat(body.at("/file/uploadedAt").asText()).matches("\\d{4}-\\d{2}-\\d{2}T.*Z");

        JsonNode files = json(get("/v1/workspaces/default/files"));
        assertThat(files.at("/files/0/name").asText()).isEqualTo("orders.csv");
        assertThat(files.at("/files/0/sheets/0/table").asText()).isEqualTo("orders");
        JsonNode tables = json(get("/v1/workspaces/default/tables"));
        assertThat(tables.at("/tables/0/file").asText()).isEqualTo("F1");
        assertThat(tables.at("/tables/0/description").asText())
                .startsWith("From 'orders.csv' (F1): 2 rows x 3 columns");
        JsonNode report = json(get("/v1/workspaces/default/files/F1/report"));
        assertThat(report.at("/sheets/0/coercions/0/kind").asText()).isEqualTo("CURRENCY_TEXT_TO_NUMBER");
        assertThat(json(get("/v1/workspaces/other/tables")).at("/tables").size())
                .isZero();

        HttpResponse<String> deleted = send(
                HttpRequest.newBuilder(uri("/v1/workspaces/default/files/F1")).DELETE());
        assertThat(deleted.statusCode()).isEqualTo(200);
        assertThat(json(deleted).at("/deleted/file").asText()).isEqualTo("F1");
        assertThat(json(get("/v1/workspaces/default/tables")).at("/tables").size())
                .isZero();
    }

    @Test
    void aCitedFileStaysReadableAfterItIsReplaced() throws Exception {
        Path first = write("orders.csv", "id,total\n1,10\n");
        assertThat(upload("default", "orders.csv", first).statusCode()).isEqualTo(201);
        Path second = dir.resolve("uploads-2").resolve("orders.csv");
        Files.createDirectories(second.getParent());
        Files.writeString(second, "id,total\n1,11\n2,22\n");
        assertThat(json(upload("default", "orders.csv", second)).at("/replaced").asText())
                .isEqualTo("F1");

        JsonNode old = json(get("/v1/workspaces/default/files/F1"));
        assertThat(old.at("/status").asText()).isEqualTo("superseded");
        assertThat(old.at("/supersededBy").asText()).isEqualTo("F2");
        assertThat(old.at("/latest").asText()).isEqualTo("F2");
        assertThat(old.at("/file/name").asText()).isEqualTo("orders.csv");
        assertThat(old.at("/contentAvailable").asBoolean()).isTrue();
        assertThat(old.at("/content").asText()).isEqualTo("/v1/workspaces/default/files/F1/content");
        JsonNode current = json(get("/v1/workspaces/default/files/2"));
        assertThat(current.at("/status").asText()).isEqualTo("current");
        assertThat(current.at("/supersededBy").isNull()).isTrue();

        HttpResponse<String> bytes = get("/v1/workspaces/default/files/F1/content");
        assertThat(bytes.statusCode()).isEqualTo(200);
        assertThat(bytes.body()).isEqualTo("id,total\n1,10\n");
        assertThat(bytes.headers().firstValue("Content-Type").orElse("")).startsWith("text/csv");
        assertThat(bytes.headers().firstValue("Content-Disposition").orElse(""))
                .isEqualTo("attachment; filename*=UTF-8''orders.csv");
        assertThat(json(get("/v1/workspaces/default/files/F1/report"))
                        .at("/file")
                        .asText())
                .isEqualTo("F1");
        assertError(
                get("/v1/workspaces/default/files/F9"),
                404,
                "FILE_NOT_FOUND",
                "no file F9 in this workspace; list the files to see their F-numbers");
        assertThat(json(get("/v1/workspaces/default/files")).at("/files").size())
                .as("the listing shows current files")
                .isEqualTo(1);
    }

    @Test
    void answersErrorsAsJsonWithStableCodes() throws Exception {
        assertError(
                get("/v1/workspaces/nope/files"),
                404,
                "WORKSPACE_NOT_FOUND",
                "no workspace 'nope' on this server; it serves [default, other]");
        assertError(get("/v1/workspaces/default/files/F9/report"), 404, "FILE_NOT_FOUND", null);
        assertError(
                send(HttpRequest.newBuilder(uri("/v1/workspaces/default/files/X1"))
                        .DELETE()),
                400,
                "INVALID_FILE_REF",
                null);
        assertError(get("/v1/nothing"), 404, "ROUTE_NOT_FOUND", null);
        assertError(
                send(HttpRequest.newBuilder(uri("/v1/workspaces/default/files"))
                        .header("Content-Type", "text/csv")
                        .POST(HttpRequest.BodyPublishers.ofString("a,b"))),
                400,
                "BAD_REQUEST",
                null);
        assertError(
                send(HttpRequest.newBuilder(uri("/v1/workspaces/default/files"))
                        .header("Content-Type", Multipart.contentType())
                        .POST(new Multipart().text("note", "no file").body())),
                400,
                "MISSING_FILE",
                null);
        Path a = write("a.csv", "x\n1\n");
        assertError(
                send(HttpRequest.newBuilder(uri("/v1/workspaces/default/files"))
                        .header("Content-Type", Multipart.contentType())
                        .POST(new Multipart()
                                .file("file", "a.csv", a)
                                .file("file", "b.csv", a)
                                .body())),
                400,
                "TOO_MANY_FILES",
                null);
    }

    @Test
    void keepsServingAfterBadUploads() throws Exception {
        assertThat(upload("default", "good.csv", write("good.csv", "x\n1\n2\n")).statusCode())
                .isEqualTo(201);
        assertError(
                upload("default", "empty.csv", write("empty.csv", "")),
                400,
                "EMPTY_FILE",
                "'empty.csv' is empty (0 bytes); upload a file with data");
        assertError(upload("default", "notes.docx", write("notes.docx", "hello")), 400, "UNSUPPORTED_FORMAT", null);
        assertError(
                upload("default", "broken.xlsx", write("broken.xlsx", "PK\u0003\u0004 not really a zip")),
                400,
                "CORRUPT_FILE",
                null);
        Path huge = dir.resolve("huge.csv");
        try (Writer out = Files.newBufferedWriter(huge)) {
            out.write("id,text\n1,");
            String chunk = "y".repeat(1 << 20);
            for (int i = 0; i < 100; i++) {
                out.write(chunk);
            }
            out.write("\n");
        }
        assertError(upload("default", "huge.csv", huge), 400, "RECORD_TOO_LARGE", null);
        Path tooBig = dir.resolve("big.csv");
        try (Writer out = Files.newBufferedWriter(tooBig)) {
            String line = "z".repeat(1023) + "\n";
            for (int i = 0; i < (MAX_UPLOAD >> 10) + 64; i++) {
                out.write(line);
            }
        }
        // On a client of its own: the server answers 413 before reading the whole body, and a pooled connection the
        // refused body was still being written to once left the next request of the shared client waiting forever.
        HttpResponse<String> refused = HttpClient.newHttpClient()
                .send(
                        HttpRequest.newBuilder(uri("/v1/workspaces/default/files"))
                                .header("Content-Type", Multipart.contentType())
                                .timeout(TIMEOUT)
                                .POST(new Multipart()
                                        .file("file", "big.csv", tooBig)
                                        .body())
                                .build(),
                        HttpResponse.BodyHandlers.ofString());
        assertError(refused, 413, "UPLOAD_TOO_LARGE", null);

        assertThat(get("/health").statusCode()).isEqualTo(200);
        JsonNode files = json(get("/v1/workspaces/default/files"));
        assertThat(files.at("/files").size()).isEqualTo(1);
        assertThat(files.at("/files/0/name").asText()).isEqualTo("good.csv");
        assertThat(upload("default", "after.csv", write("after.csv", "y\n3\n")).statusCode())
                .isEqualTo(201);
    }

    private HttpResponse<String> upload(String workspace, String name, Path file) throws Exception {
        return send(HttpRequest.newBuilder(uri("/v1/workspaces/" + workspace + "/files"))
                .header("Content-Type", Multipart.contentType())
                .POST(new Multipart().file("file", name, file).body()));
    }

    private HttpResponse<String> get(String path) throws Exception {
        return send(HttpRequest.newBuilder(uri(path)).GET());
    }

    private HttpResponse<String> send(HttpRequest.Builder request) throws Exception {
        return client.send(request.timeout(TIMEOUT).build(), HttpResponse.BodyHandlers.ofString());
    }

    private URI uri(String path) {
        return URI.create("http://127.0.0.1:" + server.port() + path);
    }

    private Path write(String name, String content) throws Exception {
        Path file = dir.resolve("uploads").resolve(name);
        Files.createDirectories(file.getParent());
        Files.writeString(file, content);
        return file;
    }

    private static JsonNode json(HttpResponse<String> response) throws Exception {
        assertThat(response.headers().firstValue("Content-Type").orElse("")).startsWith("application/json");
        return JsonCodec.mapper().readTree(response.body());
    }

    private static void assertError(HttpResponse<String> response, int status, String code, String message)
            throws Exception {
        assertThat(response.statusCode()).as(response.body()).isEqualTo(status);
        JsonNode body = json(response);
        assertThat(body.at("/code").asText()).isEqualTo(code);
        if (message != null) {
            assertThat(body.at("/message").asText()).isEqualTo(message);
        } else {
            assertThat(body.at("/message").asText()).isNotBlank();
        }
    }
}
