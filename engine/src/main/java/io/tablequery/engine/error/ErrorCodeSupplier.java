package io.tablequery.engine.error;

/** Implemented by each feature's error code enum. */
public interface ErrorCodeSupplier {
    /**
     * Returns the code this constant stands for.
     *
     * @return the error code
     */
    ErrorCode toErrorCode();
}
