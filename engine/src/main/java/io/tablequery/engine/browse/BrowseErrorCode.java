package io.tablequery.engine.browse;

import static io.tablequery.engine.error.ErrorCategory.NOT_FOUND;
import static io.tablequery.engine.error.ErrorCategory.USER_ERROR;

import io.tablequery.engine.error.ErrorCategory;
import io.tablequery.engine.error.ErrorCode;
import io.tablequery.engine.error.ErrorCodeSupplier;

/** Codes of table paging and source cells (range 0x0700). */
public enum BrowseErrorCode implements ErrorCodeSupplier {
    /** The table to page through is not in the workspace. */
    TABLE_NOT_FOUND(1, NOT_FOUND),
    /** The file has no sheet of that number. */
    SHEET_NOT_FOUND(2, NOT_FOUND),
    /** A page position, page size or row range is malformed or out of bounds. */
    INVALID_RANGE(3, USER_ERROR);

    private final ErrorCode errorCode;

    BrowseErrorCode(int code, ErrorCategory category) {
        this.errorCode = new ErrorCode(0x0700 + code, name(), category);
    }

    @Override
    public ErrorCode toErrorCode() {
        return errorCode;
    }
}
