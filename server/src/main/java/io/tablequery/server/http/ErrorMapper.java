package io.tablequery.server.http;

import io.javalin.http.Context;
import io.javalin.http.HttpStatus;
import io.tablequery.engine.error.EngineException;
import io.tablequery.engine.error.ErrorCode;
import io.tablequery.server.api.ServerErrorCode;
import io.tablequery.server.views.ErrorView;
import jakarta.servlet.http.HttpServletResponse;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Turns failures into JSON error responses: the one place where error codes meet HTTP statuses. */
final class ErrorMapper {
    private static final Logger LOG = LoggerFactory.getLogger(ErrorMapper.class);

    private ErrorMapper() {}

    private static final String HANDLED = "tq.error";

    /** Whether an exception handler already wrote the error body, which a status handler must not replace. */
    private static boolean hasBody(Context ctx) {
        return ctx.attribute(HANDLED) != null;
    }

    static HttpStatus status(ErrorCode code) {
        return switch (code.category()) {
            case USER_ERROR -> HttpStatus.BAD_REQUEST;
            case NOT_FOUND -> HttpStatus.NOT_FOUND;
            case CONFLICT -> HttpStatus.CONFLICT;
            case UNAUTHENTICATED -> HttpStatus.UNAUTHORIZED;
            case PERMISSION_DENIED -> HttpStatus.FORBIDDEN;
            case OVERLOADED -> HttpStatus.TOO_MANY_REQUESTS;
            case UNAVAILABLE -> HttpStatus.SERVICE_UNAVAILABLE;
            case INSUFFICIENT_RESOURCES -> HttpStatus.CONTENT_TOO_LARGE;
            case INTERNAL_ERROR -> HttpStatus.INTERNAL_SERVER_ERROR;
        };
    }

    static void engineError(EngineException error, Context ctx) {
        if (status(error.getErrorCode()) == HttpStatus.INTERNAL_SERVER_ERROR) {
            LOG.error("{} {} failed", ctx.method(), ctx.path(), error);
        }
        ctx.attribute(HANDLED, Boolean.TRUE);
        ctx.attribute(RequestObserver.CODE, error.getErrorCode().name());
        UnreadBody.discard(ctx);
        ctx.status(status(error, ctx.res())).json(ErrorView.of(error));
    }

    /**
     * The status of an error's response, telling the caller when to retry one the server was too busy for.
     *
     * @param error the error
     * @param response the response, which gets {@code Retry-After} for {@code TOO_MANY_REQUESTS} and {@code
     *     SERVICE_UNAVAILABLE} (a server too busy, stopping, or a DuckDB copy still following an upload)
     * @return the status
     */
    static HttpStatus status(EngineException error, HttpServletResponse response) {
        HttpStatus status = status(error.getErrorCode());
        if (status == HttpStatus.TOO_MANY_REQUESTS || status == HttpStatus.SERVICE_UNAVAILABLE) {
            Object seconds = error.details().get(KeyQuotas.RETRY_AFTER);
            response.setHeader("Retry-After", seconds instanceof Long given ? given.toString() : "1");
        }
        return status;
    }

    static void unexpected(Exception error, Context ctx) {
        LOG.error("{} {} failed", ctx.method(), ctx.path(), error);
        ctx.attribute(HANDLED, Boolean.TRUE);
        ctx.attribute(RequestObserver.CODE, ServerErrorCode.SERVER_ERROR.name());
        ctx.status(HttpStatus.INTERNAL_SERVER_ERROR)
                .json(new ErrorView(
                        ServerErrorCode.SERVER_ERROR.name(),
                        "the server failed to handle " + ctx.method() + " " + ctx.path() + "; the failure is logged"));
    }

    static void notFound(Context ctx) {
        if (hasBody(ctx)) {
            return;
        }
        ctx.json(new ErrorView(
                ServerErrorCode.ROUTE_NOT_FOUND.name(),
                "no endpoint %s %s; the API lives under".formatted(ctx.method(), ctx.path())
                        + " /v1/workspaces/{ws}/ (files, tables, search-tables, get-schemas, run-sql)"));
    }

    static void methodNotAllowed(Context ctx) {
        if (hasBody(ctx)) {
            return;
        }
        ctx.json(new ErrorView(
                ServerErrorCode.METHOD_NOT_ALLOWED.name(),
                "%s is not allowed on %s".formatted(ctx.method(), ctx.path())));
    }
}
