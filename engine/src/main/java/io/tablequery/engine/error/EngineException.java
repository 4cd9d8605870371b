package io.tablequery.engine.error;

import static java.util.Objects.requireNonNull;

/** The one unchecked exception of tablequery; it carries a stable {@link ErrorCode} and a message for people. */
public final class EngineException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final transient ErrorCode errorCode;

    /**
     * Creates an exception.
     *
     * @param errorCode the code
     * @param message what went wrong, naming the object, and what to do next
     */
    public EngineException(ErrorCodeSupplier errorCode, String message) {
        this(errorCode, message, null);
    }

    /**
     * Creates an exception that keeps its cause.
     *
     * @param errorCode the code
     * @param message what went wrong, naming the object, and what to do next
     * @param cause the underlying failure, or null
     */
    public EngineException(ErrorCodeSupplier errorCode, String message, Throwable cause) {
        super(requireNonNull(message, "message is null"), cause);
        this.errorCode = requireNonNull(errorCode, "errorCode is null").toErrorCode();
    }

    /**
     * Returns the stable code of this failure.
     *
     * @return the error code
     */
    public ErrorCode getErrorCode() {
        return errorCode;
    }
}
