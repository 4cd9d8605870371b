package io.tablequery.engine.plan;

import static io.tablequery.engine.error.ErrorCategory.INSUFFICIENT_RESOURCES;
import static io.tablequery.engine.error.ErrorCategory.INTERNAL_ERROR;
import static io.tablequery.engine.error.ErrorCategory.UNAVAILABLE;
import static io.tablequery.engine.error.ErrorCategory.USER_ERROR;

import io.tablequery.engine.error.ErrorCategory;
import io.tablequery.engine.error.ErrorCode;
import io.tablequery.engine.error.ErrorCodeSupplier;

/** Codes of plan validation and execution (range 0x0400). */
public enum PlanErrorCode implements ErrorCodeSupplier {
    /** The plan's JSON or one of its steps breaks the plan rules; nothing ran. */
    INVALID_PLAN(1, USER_ERROR),
    /** The engine refused a step; earlier steps ran, their temp tables are gone. */
    STEP_FAILED(2, USER_ERROR),
    /** The engine named is not one run-sql knows. */
    ENGINE_NOT_AVAILABLE(3, USER_ERROR),
    /** A step ran past the time limit and was cancelled. */
    QUERY_TIMEOUT(4, INSUFFICIENT_RESOURCES),
    /** The plan is larger than the limits allow. */
    PLAN_TOO_LARGE(5, INSUFFICIENT_RESOURCES),
    /** Running the plan failed for a reason that is not the plan's. */
    EXECUTION_FAILED(6, INTERNAL_ERROR),
    /** A step cannot be translated to DuckDB exactly; nothing ran. */
    UNTRANSLATABLE(7, USER_ERROR),
    /** The plan was stopped because the server is stopping or its client went away. */
    CANCELLED(8, UNAVAILABLE);

    private final ErrorCode errorCode;

    PlanErrorCode(int code, ErrorCategory category) {
        this.errorCode = new ErrorCode(0x0400 + code, name(), category);
    }

    @Override
    public ErrorCode toErrorCode() {
        return errorCode;
    }
}
