package io.tablequery.server.http;

import io.javalin.http.Context;
import io.tablequery.engine.error.EngineException;
import io.tablequery.server.api.ServerErrorCode;
import java.util.regex.Pattern;

/**
 * Keeps web pages of other sites away from a server on this machine. A page cannot read a cross-site answer, but it
 * can send a form (an upload, a plan) and, through DNS rebinding (its own name resolving to 127.0.0.1), it can read
 * answers too. So a server listening on a loopback address answers only requests that name a loopback host, and a
 * server without keys answers no request a page of another site sent (browsers name that site in {@code Origin};
 * other clients send none).
 */
final class BrowserGuard {
    private static final String LOOPBACK = "(localhost|127\\.0\\.0\\.1|\\[::1\\])";
    private static final Pattern LOCAL_ORIGIN =
            Pattern.compile("https?://" + LOOPBACK + "(:\\d+)?", Pattern.CASE_INSENSITIVE);
    private static final Pattern LOCAL_HOST = Pattern.compile(LOOPBACK + "(:\\d+)?", Pattern.CASE_INSENSITIVE);

    private final boolean loopbackOnly;
    private final boolean checkOrigin;

    /**
     * Creates the guard.
     *
     * @param bindHost the address the server listens on
     * @param checkOrigin whether to refuse other sites' pages (a server without keys)
     */
    BrowserGuard(String bindHost, boolean checkOrigin) {
        this.loopbackOnly = isLoopback(bindHost);
        this.checkOrigin = checkOrigin;
    }

    /** Tells whether an address to listen on is this machine's loopback. */
    static boolean isLoopback(String host) {
        return host.equals("127.0.0.1") || host.equalsIgnoreCase("localhost") || host.equals("::1");
    }

    /** Lets a matched request through or throws FORBIDDEN. */
    void check(Context ctx) {
        check(ctx.header("Host"), ctx.header("Origin"));
    }

    /**
     * Lets a request through or throws.
     *
     * @param host the request's {@code Host} header
     * @param origin its {@code Origin} header, or null
     * @throws EngineException FORBIDDEN
     */
    void check(String host, String origin) {
        if (loopbackOnly && host != null && !LOCAL_HOST.matcher(host).matches()) {
            throw new EngineException(
                    ServerErrorCode.FORBIDDEN,
                    "this server listens on this machine only and answers requests for localhost or 127.0.0.1, not for "
                            + host);
        }
        if (checkOrigin && origin != null && !LOCAL_ORIGIN.matcher(origin).matches()) {
            throw new EngineException(
                    ServerErrorCode.FORBIDDEN,
                    "this server has no API keys, so it refuses requests from web pages of other sites, such as "
                            + origin);
        }
    }
}
