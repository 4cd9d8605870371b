package io.tablequery.server.http;

import java.io.FileNotFoundException;
import java.net.http.HttpRequest;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** Builds multipart/form-data request bodies for upload tests, streaming file parts from disk. */
final class Multipart {
    static final String BOUNDARY = "tq-test-boundary-7d1f0c";

    private final List<HttpRequest.BodyPublisher> parts = new ArrayList<>();

    Multipart file(String field, String fileName, Path content) {
        parts.add(HttpRequest.BodyPublishers.ofString(
                ("--%s\r\nContent-Disposition: form-data; name=\"%s\";"
                                + " filename=\"%s\"\r\nContent-Type: application/octet-stream\r\n\r\n")
                        .formatted(BOUNDARY, field, fileName),
                StandardCharsets.UTF_8));
        try {
            parts.add(HttpRequest.BodyPublishers.ofFile(content));
        } catch (FileNotFoundException e) {
            throw new IllegalArgumentException(e);
        }
        parts.add(HttpRequest.BodyPublishers.ofString("\r\n"));
        return this;
    }

    Multipart text(String field, String value) {
        parts.add(HttpRequest.BodyPublishers.ofString(
                "--%s\r\nContent-Disposition: form-data; name=\"%s\"\r\n\r\n%s\r\n".formatted(BOUNDARY, field, value),
                StandardCharsets.UTF_8));
        return this;
    }

    HttpRequest.BodyPublisher body() {
        List<HttpRequest.BodyPublisher> all = new ArrayList<>(parts);
        all.add(HttpRequest.BodyPublishers.ofString("--" + BOUNDARY + "--\r\n"));
        return HttpRequest.BodyPublishers.concat(all.toArray(HttpRequest.BodyPublisher[]::new));
    }

    static String contentType() {
        return "multipart/form-data; boundary=" + BOUNDARY;
    }
}
