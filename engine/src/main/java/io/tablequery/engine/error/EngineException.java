package io.tablequery.engine.error;

import static java.util.Objects.requireNonNull;

import java.util.Map;

/**
 * The one unchecked exception of tablequery; it carries a stable {@link ErrorCode} and a message for people, from which
 * this machine's paths are taken out ({@link HostPaths}).
 */
public final class EngineException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final transient ErrorCode errorCode;
    private final transient Map<String, Object> details;

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
        this(errorCode, message, cause, Map.of());
    }

    /**
     * Creates an exception with details a caller can act on without reading the message, such as the number of the
     * plan step that failed.
     *
     * @param errorCode the code
     * @param message what went wrong, naming the object, and what to do next
     * @param cause the underlying failure, or null
     * @param details named values, such as {@code step}; the transports pass them on as they are
     */
    public EngineException(ErrorCodeSupplier errorCode, String message, Throwable cause, Map<String, Object> details) {
        super(HostPaths.scrub(requireNonNull(message, "message is null")), cause);
        this.errorCode = requireNonNull(errorCode, "errorCode is null").toErrorCode();
        this.details = Map.copyOf(requireNonNull(details, "details is null"));
    }

    /**
     * Returns the stable code of this failure.
     *
     * @return the error code
     */
    public ErrorCode getErrorCode() {
        return errorCode;
    }

    /**
     * Returns the named values a caller can act on, such as the {@code step} of a plan that failed.
     *
     * @return the details, empty when there are none
     */
    public Map<String, Object> details() {
        return details;
    }
}
