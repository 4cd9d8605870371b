package io.tablequery.server.http;

import io.tablequery.engine.json.JsonCodec;
import io.tablequery.server.api.ServerErrorCode;
import io.tablequery.server.views.ErrorView;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.http.HttpStatus;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.server.handler.ErrorHandler;
import org.eclipse.jetty.util.Callback;

/**
 * Writes the errors Jetty answers itself, before any route, as the API's JSON errors rather than an HTML page: a
 * request that reaches a stopping server (503, {@code SERVER_STOPPING}), one Jetty cannot read (a 4xx, {@code
 * BAD_REQUEST}) or another failure of Jetty's own ({@code SERVER_ERROR}).
 */
final class JsonErrorHandler extends ErrorHandler {
    @Override
    protected void generateResponse(
            Request request, Response response, int status, String message, Throwable cause, Callback callback) {
        ErrorView error;
        if (status == HttpStatus.SERVICE_UNAVAILABLE_503) {
            error = new ErrorView(
                    ServerErrorCode.SERVER_STOPPING.name(),
                    "the server is stopping and takes no new requests; send the request again once it runs");
        } else {
            String said = message == null || message.isBlank() ? HttpStatus.getMessage(status) : message;
            error = new ErrorView(
                    (HttpStatus.isClientError(status) ? ServerErrorCode.BAD_REQUEST : ServerErrorCode.SERVER_ERROR)
                            .name(),
                    "HTTP %d: %s".formatted(status, said));
        }
        response.getHeaders().put(HttpHeader.CONTENT_TYPE, "application/json");
        response.write(true, ByteBuffer.wrap(JsonCodec.write(error).getBytes(StandardCharsets.UTF_8)), callback);
    }
}
