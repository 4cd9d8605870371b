package io.tablequery.server.views;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.tablequery.engine.error.EngineException;
import java.util.Map;

/**
 * An error as every transport reports it.
 *
 * @param code the stable code, for example {@code UNSUPPORTED_FORMAT}
 * @param message what went wrong and what to do next
 * @param details named values a caller can act on without reading the message, such as the {@code step} of a plan
 *     that failed; left out when there are none
 */
public record ErrorView(
        String code,
        String message,
        @JsonInclude(JsonInclude.Include.NON_EMPTY) Map<String, Object> details) {
    public ErrorView {
        details = details == null ? Map.of() : Map.copyOf(details);
    }

    /**
     * An error without details.
     *
     * @param code the stable code
     * @param message what went wrong and what to do next
     */
    public ErrorView(String code, String message) {
        this(code, message, Map.of());
    }

    /**
     * Shows an engine error.
     *
     * @param error the error
     * @return its view
     */
    public static ErrorView of(EngineException error) {
        return new ErrorView(error.getErrorCode().name(), error.getMessage(), error.details());
    }
}
