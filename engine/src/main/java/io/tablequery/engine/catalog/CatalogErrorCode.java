package io.tablequery.engine.catalog;

import static io.tablequery.engine.error.ErrorCategory.CONFLICT;
import static io.tablequery.engine.error.ErrorCategory.INTERNAL_ERROR;
import static io.tablequery.engine.error.ErrorCategory.NOT_FOUND;
import static io.tablequery.engine.error.ErrorCategory.UNAVAILABLE;
import static io.tablequery.engine.error.ErrorCategory.USER_ERROR;

import io.tablequery.engine.error.ErrorCategory;
import io.tablequery.engine.error.ErrorCode;
import io.tablequery.engine.error.ErrorCodeSupplier;

/** Codes of the workspace and its catalog (range 0x0100). Numbers are stable; a retired number is never reused. */
public enum CatalogErrorCode implements ErrorCodeSupplier {
    WORKSPACE_NOT_FOUND(1, NOT_FOUND),
    WORKSPACE_LOCKED(2, CONFLICT),
    FILE_NOT_FOUND(4, NOT_FOUND),
    FILE_CONTENT_DROPPED(5, NOT_FOUND),
    INVALID_FILE_REF(6, USER_ERROR),
    STORAGE_FAILURE(8, INTERNAL_ERROR),
    EXPORT_TARGET_EXISTS(9, CONFLICT),
    EXPORT_FAILED(10, INTERNAL_ERROR),
    /** The DuckDB copy is still following the last upload; the caller may retry in a moment, or read SQLite. */
    DUCKDB_COPY_PENDING(11, UNAVAILABLE),
    /** The DuckDB copy could not follow the last upload; it is made again when the workspace opens. */
    DUCKDB_COPY_FAILED(12, INTERNAL_ERROR);

    private final ErrorCode errorCode;

    CatalogErrorCode(int code, ErrorCategory category) {
        this.errorCode = new ErrorCode(0x0100 + code, name(), category);
    }

    @Override
    public ErrorCode toErrorCode() {
        return errorCode;
    }
}
