package io.tablequery.server.http;

import com.fasterxml.jackson.databind.JsonNode;
import io.javalin.http.Context;
import io.tablequery.engine.duck.ArrowCsv;
import io.tablequery.engine.error.EngineException;
import io.tablequery.engine.result.ArrowStreams;
import io.tablequery.server.api.ServerErrorCode;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * Sends a whole result as an Arrow IPC stream ({@code application/vnd.apache.arrow.stream}). The stream is spooled
 * to a file first, so a failure is a JSON error instead of a cut stream, and the headers {@code X-Tq-Row-Count} and
 * {@code X-Tq-Truncated} can say what it holds.
 */
final class ArrowResponses {
    /** The media type of an Arrow IPC stream. */
    static final String ARROW_STREAM = "application/vnd.apache.arrow.stream";
    /** The most rows a download carries. */
    static final long MAX_ROWS = 10_000_000;

    private ArrowResponses() {}

    /** Writes the stream; null when it wrote nothing and answered the request itself. */
    @FunctionalInterface
    interface Export {
        ArrowStreams.Written write(OutputStream out) throws IOException;
    }

    /** The request's {@code maxRows}, at most {@link #MAX_ROWS}, which is also the default. */
    static long maxRows(JsonNode body) {
        if (!body.hasNonNull("maxRows")) {
            return MAX_ROWS;
        }
        if (!body.get("maxRows").canConvertToLong() || body.get("maxRows").longValue() < 1) {
            throw new EngineException(ServerErrorCode.BAD_REQUEST, "maxRows must be a positive whole number");
        }
        return Math.min(MAX_ROWS, body.get("maxRows").longValue());
    }

    /**
     * Sends a whole result as CSV ({@code text/csv}, a header of the column names), made from the spooled Arrow
     * stream, with the same headers as {@link #send}.
     */
    static void sendCsv(Context ctx, Path spool, Export export) throws IOException {
        Files.createDirectories(spool);
        Path arrow = Files.createTempFile(spool, "tq-arrow-", ".arrows");
        Path csv = Files.createTempFile(spool, "tq-csv-", ".csv");
        ArrowStreams.Written written;
        try {
            try (OutputStream out = Files.newOutputStream(arrow)) {
                written = export.write(out);
            }
            if (written == null) {
                Files.deleteIfExists(csv);
                return;
            }
            try (InputStream in = Files.newInputStream(arrow);
                    Writer out = Files.newBufferedWriter(csv, StandardCharsets.UTF_8)) {
                ArrowCsv.write(in, out);
            }
        } catch (RuntimeException | IOException e) {
            Files.deleteIfExists(csv);
            throw e;
        } finally {
            Files.deleteIfExists(arrow);
        }
        ctx.header("X-Tq-Row-Count", Long.toString(written.rows()));
        ctx.header("X-Tq-Truncated", Boolean.toString(written.truncated()));
        ctx.contentType("text/csv; charset=UTF-8");
        ctx.result(Files.newInputStream(csv, StandardOpenOption.DELETE_ON_CLOSE));
    }

    static void send(Context ctx, Path spool, Export export) throws IOException {
        Files.createDirectories(spool);
        Path file = Files.createTempFile(spool, "tq-arrow-", ".arrows");
        ArrowStreams.Written written;
        try (OutputStream out = Files.newOutputStream(file)) {
            written = export.write(out);
        } catch (RuntimeException | IOException e) {
            Files.deleteIfExists(file);
            throw e;
        }
        if (written == null) {
            Files.deleteIfExists(file);
            return;
        }
        ctx.header("X-Tq-Row-Count", Long.toString(written.rows()));
        ctx.header("X-Tq-Truncated", Boolean.toString(written.truncated()));
        ctx.contentType(ARROW_STREAM);
        ctx.result(Files.newInputStream(file, StandardOpenOption.DELETE_ON_CLOSE));
    }
}
