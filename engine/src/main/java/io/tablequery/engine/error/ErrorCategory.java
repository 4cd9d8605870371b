package io.tablequery.engine.error;

/** What kind of failure an error code stands for; transports map categories to statuses. */
public enum ErrorCategory {
    /** The request or its input is wrong; the caller can fix it. */
    USER_ERROR,
    /** The named workspace, file or table does not exist. */
    NOT_FOUND,
    /** The request conflicts with the current state, for example a workspace held by another process. */
    CONFLICT,
    /** The request carries no credentials, or credentials that are not valid. */
    UNAUTHENTICATED,
    /** The credentials are valid but do not grant what the request asks. */
    PERMISSION_DENIED,
    /** The server has no room for the request now; the caller may retry after a moment. */
    OVERLOADED,
    /** The server is stopping, or the call's client went away; the caller may retry on a running server. */
    UNAVAILABLE,
    /** A size, time or count limit was hit. */
    INSUFFICIENT_RESOURCES,
    /** A bug or an environment failure inside tablequery. */
    INTERNAL_ERROR
}
