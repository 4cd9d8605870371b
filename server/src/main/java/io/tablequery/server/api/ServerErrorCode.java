package io.tablequery.server.api;

import static io.tablequery.engine.error.ErrorCategory.CONFLICT;
import static io.tablequery.engine.error.ErrorCategory.INSUFFICIENT_RESOURCES;
import static io.tablequery.engine.error.ErrorCategory.INTERNAL_ERROR;
import static io.tablequery.engine.error.ErrorCategory.NOT_FOUND;
import static io.tablequery.engine.error.ErrorCategory.PERMISSION_DENIED;
import static io.tablequery.engine.error.ErrorCategory.USER_ERROR;

import io.tablequery.engine.error.ErrorCategory;
import io.tablequery.engine.error.ErrorCode;
import io.tablequery.engine.error.ErrorCodeSupplier;

/** Codes of the HTTP transport (range 0x0300). */
public enum ServerErrorCode implements ErrorCodeSupplier {
    ROUTE_NOT_FOUND(1, NOT_FOUND),
    METHOD_NOT_ALLOWED(2, USER_ERROR),
    BAD_REQUEST(3, USER_ERROR),
    MISSING_FILE(4, USER_ERROR),
    TOO_MANY_FILES(5, USER_ERROR),
    UPLOAD_TOO_LARGE(6, INSUFFICIENT_RESOURCES),
    SERVER_ERROR(7, INTERNAL_ERROR),
    /** No API key, or one this server did not issue. */
    UNAUTHENTICATED(8, ErrorCategory.UNAUTHENTICATED),
    /** A valid key that does not open what was asked: another workspace, or the admin routes. */
    FORBIDDEN(9, PERMISSION_DENIED),
    /** A workspace of that name exists already. */
    WORKSPACE_EXISTS(10, CONFLICT),
    /** The request needs something this server was not started with, such as a root for new workspaces. */
    NOT_SUPPORTED(11, USER_ERROR),
    /** Every query or ingest slot is taken and the queue is full or the wait ran out: retry after a moment. */
    TOO_MANY_REQUESTS(12, ErrorCategory.OVERLOADED),
    /** No workspace key has the id given. */
    KEY_NOT_FOUND(13, NOT_FOUND),
    /** The server is stopping and takes no new requests: send the request again once it runs. */
    SERVER_STOPPING(14, ErrorCategory.UNAVAILABLE),
    /** {@code tq serve} was started on a directory another server serves: use that one, or stop it first. */
    ROOT_SERVED(15, CONFLICT),
    /** {@code tq serve} could not listen on its port, which another process uses: pick another with --port. */
    PORT_IN_USE(16, CONFLICT),
    /**
     * The server a command went through was gone before the request reached it (its port refused the connection): the
     * command finds another way, or says so.
     */
    SERVER_GONE(17, ErrorCategory.UNAVAILABLE),
    /**
     * A command sent to the server by the {@code tq} launcher needs its own process (another server, an engine's
     * options, standard input not sent): the launcher runs it in a JVM of its own, which never sees this code.
     */
    RUN_IN_CLIENT(18, USER_ERROR),
    /**
     * The key has used its quota: its requests per minute or its calls at once; retry after the seconds in {@code
     * Retry-After} (and the detail {@code retryAfterSeconds}), or ask the admin for a larger quota.
     */
    KEY_QUOTA_EXCEEDED(19, ErrorCategory.OVERLOADED);

    private final ErrorCode errorCode;

    ServerErrorCode(int code, ErrorCategory category) {
        this.errorCode = new ErrorCode(0x0300 + code, name(), category);
    }

    @Override
    public ErrorCode toErrorCode() {
        return errorCode;
    }
}
