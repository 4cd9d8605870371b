package io.tablequery.server.http;

import static java.util.Objects.requireNonNull;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.MeterBinder;
import io.tablequery.engine.error.EngineException;
import io.tablequery.server.api.ServerErrorCode;
import io.tablequery.server.auth.KeyStore;
import io.tablequery.server.auth.Quota;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;

/**
 * Holds each workspace key to its quota before its request is admitted: requests per minute as a token bucket (six
 * seconds' worth at once, refilled evenly), calls at once as slots; a key's own quota, else the server's default; the
 * admin key has none. A key over its quota is answered 429 {@code KEY_QUOTA_EXCEEDED} at once, with {@code
 * Retry-After}, before it takes any of the server's slots, so one key's flood leaves the server to the others. Each
 * refusal counts in {@code tq_key_refusals_total}, by key id and reason.
 */
final class KeyQuotas implements MeterBinder {
    /** The detail of a refusal that says when to retry, in whole seconds, as {@code Retry-After} does. */
    static final String RETRY_AFTER = "retryAfterSeconds";

    private final Quota defaults;
    private final LongSupplier clock;
    private final Map<String, Bucket> buckets = new ConcurrentHashMap<>();
    private volatile MeterRegistry registry;

    /** A call admitted; closing it gives back its slot. */
    @FunctionalInterface
    interface Admitted extends AutoCloseable {
        /** A call that holds no slot. */
        Admitted NONE = () -> {};

        @Override
        void close();
    }

    /**
     * Creates the quotas.
     *
     * @param defaults the quota of a key that has none of its own
     */
    KeyQuotas(Quota defaults) {
        this(defaults, System::nanoTime);
    }

    /**
     * Creates the quotas on a clock.
     *
     * @param defaults the quota of a key that has none of its own
     * @param clock nanoseconds, as {@link System#nanoTime()}
     */
    KeyQuotas(Quota defaults, LongSupplier clock) {
        this.defaults = requireNonNull(defaults, "defaults is null");
        this.clock = requireNonNull(clock, "clock is null");
    }

    /**
     * The requests a key may make at once: six seconds' worth of its quota, at least one. A minute's worth at once
     * would let a key that floods take ten times its share for several seconds before its quota held it.
     */
    static double burst(Quota quota) {
        return Math.max(1, quota.requestsPerMinute() / 10.0);
    }

    /** One key's tokens and slots, under the quota they were made for. */
    private static final class Bucket {
        final Quota quota;
        final Semaphore calls;
        double tokens;
        long refilled;

        Bucket(Quota quota, long now) {
            this.quota = quota;
            this.calls = quota.concurrentCalls() == 0 ? null : new Semaphore(quota.concurrentCalls());
            this.tokens = burst(quota);
            this.refilled = now;
        }

        /** Takes a token; returns 0, or the seconds until one is there. */
        synchronized long take(long now) {
            if (quota.requestsPerMinute() == 0) {
                return 0;
            }
            double perNano = quota.requestsPerMinute() / (double) TimeUnit.MINUTES.toNanos(1);
            tokens = Math.min(burst(quota), tokens + (now - refilled) * perNano);
            refilled = now;
            if (tokens >= 1) {
                tokens -= 1;
                return 0;
            }
            return Math.max(1, (long) Math.ceil((1 - tokens) / perNano / 1e9));
        }
    }

    /**
     * Admits a call of a key, or refuses it.
     *
     * @param key the key the call presented
     * @return the admitted call; close it when the call ends
     * @throws EngineException KEY_QUOTA_EXCEEDED when the key has used its quota
     */
    Admitted admit(KeyStore.StoredKey key) {
        return admit(key, true);
    }

    /**
     * Admits a request of a key, or refuses it; a request that holds no call (an MCP event stream a client keeps open)
     * counts against the key's requests only.
     *
     * @param key the key the request presented
     * @param call whether the request is a call, which holds one of the key's slots until it ends
     * @return the admitted request; close it when it ends
     * @throws EngineException KEY_QUOTA_EXCEEDED when the key has used its quota
     */
    Admitted admit(KeyStore.StoredKey key, boolean call) {
        if (key.workspace().equals(KeyStore.ADMIN)) {
            return Admitted.NONE;
        }
        Quota quota = key.quota() != null ? key.quota() : defaults;
        if (quota.unlimited()) {
            return Admitted.NONE;
        }
        long now = clock.getAsLong();
        Bucket bucket = buckets.compute(
                key.id(), (id, old) -> old != null && old.quota.equals(quota) ? old : new Bucket(quota, now));
        long wait = bucket.take(now);
        if (wait > 0) {
            throw refuse(
                    key,
                    "rate",
                    wait,
                    "this key has made its %d requests a minute; retry in %d s, or ask the admin for a larger quota"
                            .formatted(quota.requestsPerMinute(), wait));
        }
        if (bucket.calls == null || !call) {
            return Admitted.NONE;
        }
        if (!bucket.calls.tryAcquire()) {
            throw refuse(
                    key,
                    "concurrency",
                    1,
                    ("this key has %d calls running, its quota; send the next when one is answered, or ask the admin"
                                    + " for a larger quota")
                            .formatted(quota.concurrentCalls()));
        }
        Semaphore calls = bucket.calls;
        return calls::release;
    }

    private EngineException refuse(KeyStore.StoredKey key, String reason, long seconds, String message) {
        MeterRegistry metrics = registry;
        if (metrics != null) {
            Counter.builder("tq.key.refusals")
                    .description("requests refused because their key used its quota, by key id and reason")
                    .tag("key", key.id())
                    .tag("reason", reason)
                    .register(metrics)
                    .increment();
        }
        return new EngineException(
                ServerErrorCode.KEY_QUOTA_EXCEEDED, message, null, Map.of(RETRY_AFTER, seconds, "reason", reason));
    }

    @Override
    public void bindTo(MeterRegistry metrics) {
        this.registry = metrics;
    }
}
