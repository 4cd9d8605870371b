package io.tablequery.server.auth;

/** Whether a server asks for keys. */
public enum AuthMode {
    /** No keys: every caller may do everything. For a server on localhost only. */
    NONE,
    /** The admin key for {@code /v1/admin}, a workspace's key (or the admin key) for its routes. */
    KEYS
}
