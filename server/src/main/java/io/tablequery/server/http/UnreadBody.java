package io.tablequery.server.http;

import io.javalin.http.Context;
import java.io.IOException;
import java.io.OutputStream;

/**
 * Reads what is left of a small request body before an error answers it. A request refused before its body is read
 * (no key, another site's page, too many requests) would otherwise be answered while its client is still sending;
 * the server then closes the connection under the client, whose write fails, and many clients (Java's among them)
 * report that broken pipe instead of the answer. A body larger than {@link #LIMIT} is left unread: the connection
 * closes as before rather than the server reading megabytes it refuses.
 */
final class UnreadBody {
    /** The largest declared body read before an error answer. */
    static final long LIMIT = 1 << 20;

    private UnreadBody() {}

    /**
     * Reads the rest of the request body when its declared length is at most {@link #LIMIT}.
     *
     * @param ctx the request being answered with an error
     */
    static void discard(Context ctx) {
        long length = ctx.req().getContentLengthLong();
        if (length <= 0 || length > LIMIT) {
            return;
        }
        try {
            ctx.req().getInputStream().transferTo(OutputStream.nullOutputStream());
        } catch (IOException | IllegalStateException e) {
            // the body was read as parts already, or the client went away: nothing is left to wait for
        }
    }
}
