package io.tablequery.engine.error;

import static io.tablequery.engine.error.ErrorCategory.INTERNAL_ERROR;
import static io.tablequery.engine.error.ErrorCategory.USER_ERROR;

/** Codes not owned by a single feature (range 0x0000). */
public enum StandardErrorCode implements ErrorCodeSupplier {
    GENERIC_INTERNAL_ERROR(1, INTERNAL_ERROR),
    INVALID_ARGUMENT(2, USER_ERROR);

    private final ErrorCode errorCode;

    StandardErrorCode(int code, ErrorCategory category) {
        this.errorCode = new ErrorCode(code, name(), category);
    }

    @Override
    public ErrorCode toErrorCode() {
        return errorCode;
    }
}
