package io.tablequery.engine.ingest;

import static io.tablequery.engine.error.ErrorCategory.INSUFFICIENT_RESOURCES;
import static io.tablequery.engine.error.ErrorCategory.INTERNAL_ERROR;
import static io.tablequery.engine.error.ErrorCategory.USER_ERROR;

import io.tablequery.engine.error.ErrorCategory;
import io.tablequery.engine.error.ErrorCode;
import io.tablequery.engine.error.ErrorCodeSupplier;

/** Codes of file ingest (range 0x0200). */
public enum IngestErrorCode implements ErrorCodeSupplier {
    UNSUPPORTED_FORMAT(1, USER_ERROR),
    EMPTY_FILE(2, USER_ERROR),
    CORRUPT_FILE(3, USER_ERROR),
    ENCRYPTED_FILE(4, USER_ERROR),
    ZIP_BOMB(5, USER_ERROR),
    TOO_MANY_COLUMNS(6, USER_ERROR),
    RECORD_TOO_LARGE(7, USER_ERROR),
    NO_DATA(8, USER_ERROR),
    INVALID_FILE_NAME(9, USER_ERROR),
    FILE_TOO_COMPLEX(10, INSUFFICIENT_RESOURCES),
    INGEST_FAILED(11, INTERNAL_ERROR),
    SOURCE_NOT_READABLE(12, USER_ERROR);

    private final ErrorCode errorCode;

    IngestErrorCode(int code, ErrorCategory category) {
        this.errorCode = new ErrorCode(0x0200 + code, name(), category);
    }

    @Override
    public ErrorCode toErrorCode() {
        return errorCode;
    }
}
