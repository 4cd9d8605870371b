package io.tablequery.server.http;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;

/**
 * How long the server has gone without a request: a handler in front of every route and of MCP, counting the
 * requests in flight and noting when the last one ended, so that a resident server can stop once nobody uses it.
 */
final class IdleWatch extends Handler.Wrapper {
    private final AtomicInteger inFlight = new AtomicInteger();
    private final AtomicLong lastEnd = new AtomicLong(System.nanoTime());

    @Override
    public boolean handle(Request request, Response response, Callback callback) throws Exception {
        inFlight.incrementAndGet();
        Callback ended = Callback.from(callback, this::ended);
        boolean handled = false;
        try {
            handled = super.handle(request, response, ended);
            return handled;
        } finally {
            if (!handled) {
                // Not handled here: no callback will say it ended.
                ended();
            }
        }
    }

    private void ended() {
        lastEnd.set(System.nanoTime());
        inFlight.decrementAndGet();
    }

    /**
     * How long since the last request ended, or zero while one is in flight.
     *
     * @return the idle time
     */
    Duration idle() {
        if (inFlight.get() > 0) {
            return Duration.ZERO;
        }
        return Duration.ofNanos(System.nanoTime() - lastEnd.get());
    }
}
