package io.tablequery.engine.error;

import static java.util.Objects.requireNonNull;

/**
 * A stable error code: a number unique across the project, a name clients match on, and a category.
 *
 * @param code the number, unique across all error code enums
 * @param name the stable name, for example {@code UNSUPPORTED_FORMAT}
 * @param category the kind of failure
 */
public record ErrorCode(int code, String name, ErrorCategory category) {
    public ErrorCode {
        requireNonNull(name, "name is null");
        requireNonNull(category, "category is null");
        if (code < 0) {
            throw new IllegalArgumentException("code is negative");
        }
    }
}
