package io.tablequery.benchmarks;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;

/**
 * The requests a server has answered, summed from the counts of its {@code tq_request_seconds} timers at
 * {@code /metrics}, and how fast that count grows. The count is the server's own, so it does not depend on the client.
 */
final class ServerCount {
    private static final String COUNT = "tq_request_seconds_count{";

    private final HttpClient client =
            HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
    private final URI metrics;
    private long lastCount = -1;
    private long lastNanos;

    ServerCount(URI metrics) {
        this.metrics = metrics;
    }

    /**
     * Reads the count and answers the requests answered per second since the last reading: NaN at the first, and
     * after a reading that failed, as there is nothing to measure from.
     *
     * @return requests per second since the last reading, or NaN
     * @throws UncheckedIOException when the server does not answer
     */
    synchronized double rate() {
        long last = lastCount;
        lastCount = -1;
        long count = count();
        long now = System.nanoTime();
        double rate = last < 0 ? Double.NaN : (count - last) / ((now - lastNanos) / 1e9);
        lastCount = count;
        lastNanos = now;
        return rate;
    }

    /**
     * The requests answered so far, other than scrapes of {@code /metrics}.
     *
     * @return the sum of the request timers' counts
     */
    long count() {
        String text;
        try {
            text = client.send(HttpRequest.newBuilder(metrics).GET().build(), HttpResponse.BodyHandlers.ofString())
                    .body();
        } catch (IOException e) {
            throw new UncheckedIOException("could not read " + metrics, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted reading " + metrics, e);
        }
        return count(text);
    }

    /** Sums the request timers' counts in a Prometheus text exposition, leaving out the metrics route itself. */
    static long count(String exposition) {
        long total = 0;
        for (String line : exposition.split("\n")) {
            if (line.startsWith(COUNT) && !line.contains("tool=\"/metrics\"")) {
                total += (long) Double.parseDouble(line.substring(line.lastIndexOf(' ') + 1));
            }
        }
        return total;
    }
}
