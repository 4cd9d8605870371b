package io.tablequery.server.views;

import io.tablequery.engine.error.EngineException;

/**
 * An error as every transport reports it.
 *
 * @param code the stable code, for example {@code UNSUPPORTED_FORMAT}
 * @param message what went wrong and what to do next
 */
public record ErrorView(String code, String message) {
    /**
     * Shows an engine error.
     *
     * @param error the error
     * @return its view
     */
    public static ErrorView of(EngineException error) {
        return new ErrorView(error.getErrorCode().name(), error.getMessage());
    }
}
