package io.tablequery.spark;

import static io.tablequery.engine.error.ErrorCategory.INTERNAL_ERROR;
import static io.tablequery.engine.error.ErrorCategory.OVERLOADED;
import static io.tablequery.engine.error.ErrorCategory.USER_ERROR;

import io.tablequery.engine.error.ErrorCategory;
import io.tablequery.engine.error.ErrorCode;
import io.tablequery.engine.error.ErrorCodeSupplier;

/** Codes of the Spark engine (range 0x0800). */
public enum SparkErrorCode implements ErrorCodeSupplier {
    /** An option of the Spark engine is missing or wrong. */
    BAD_OPTION(1, USER_ERROR),
    /** The Spark Connect server does not answer. */
    SPARK_UNAVAILABLE(2, OVERLOADED),
    /** A table the plan reads is still being exported for the cluster; nothing ran. */
    EXPORT_PENDING(3, OVERLOADED),
    /** A table could not be exported for the cluster. */
    EXPORT_FAILED(4, INTERNAL_ERROR);

    private final ErrorCode errorCode;

    SparkErrorCode(int code, ErrorCategory category) {
        this.errorCode = new ErrorCode(0x0800 + code, name(), category);
    }

    @Override
    public ErrorCode toErrorCode() {
        return errorCode;
    }
}
