package io.tablequery.engine.skill;

import static io.tablequery.engine.error.ErrorCategory.NOT_FOUND;
import static io.tablequery.engine.error.ErrorCategory.USER_ERROR;

import io.tablequery.engine.error.ErrorCategory;
import io.tablequery.engine.error.ErrorCode;
import io.tablequery.engine.error.ErrorCodeSupplier;

/** Codes of search-tables and get-schemas (range 0x0500). */
public enum SkillErrorCode implements ErrorCodeSupplier {
    /** A named table is not in the workspace. */
    TABLE_NOT_FOUND(1, NOT_FOUND),
    /** An argument is missing or out of range. */
    INVALID_ARGUMENT(2, USER_ERROR);

    private final ErrorCode errorCode;

    SkillErrorCode(int code, ErrorCategory category) {
        this.errorCode = new ErrorCode(0x0500 + code, name(), category);
    }

    @Override
    public ErrorCode toErrorCode() {
        return errorCode;
    }
}
