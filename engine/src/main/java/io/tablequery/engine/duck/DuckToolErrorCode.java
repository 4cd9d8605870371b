package io.tablequery.engine.duck;

import static io.tablequery.engine.error.ErrorCategory.INSUFFICIENT_RESOURCES;
import static io.tablequery.engine.error.ErrorCategory.INTERNAL_ERROR;
import static io.tablequery.engine.error.ErrorCategory.NOT_FOUND;
import static io.tablequery.engine.error.ErrorCategory.UNAVAILABLE;
import static io.tablequery.engine.error.ErrorCategory.USER_ERROR;

import io.tablequery.engine.error.ErrorCategory;
import io.tablequery.engine.error.ErrorCode;
import io.tablequery.engine.error.ErrorCodeSupplier;

/**
 * Codes of the DuckDB tools (range 0x0600). The tools answer failures in their response ({@code success: false},
 * {@code error}, and this {@code code}), as the seed's tools do, rather than failing the call.
 */
public enum DuckToolErrorCode implements ErrorCodeSupplier {
    /** The query is not exactly one reading statement. */
    QUERY_REFUSED(1, USER_ERROR),
    /** DuckDB refused the query: a syntax, binder or type error. */
    QUERY_FAILED(2, USER_ERROR),
    /** A named table is not in the workspace. */
    TABLE_NOT_FOUND(3, NOT_FOUND),
    /** The query ran past the time limit and was cancelled. */
    QUERY_TIMEOUT(4, INSUFFICIENT_RESOURCES),
    /** An argument is missing or out of range. */
    INVALID_ARGUMENT(5, USER_ERROR),
    /** The query was stopped because the server is stopping or its client went away. */
    CANCELLED(6, UNAVAILABLE),
    /** The DuckDB copy is still following the last upload; retry in a moment, or ask SQLite (run-sql). */
    COPY_PENDING(7, UNAVAILABLE),
    /** The DuckDB copy could not follow the last upload; it is made again when the workspace opens. */
    COPY_FAILED(8, INTERNAL_ERROR);

    private final ErrorCode errorCode;

    DuckToolErrorCode(int code, ErrorCategory category) {
        this.errorCode = new ErrorCode(0x0600 + code, name(), category);
    }

    @Override
    public ErrorCode toErrorCode() {
        return errorCode;
    }
}
