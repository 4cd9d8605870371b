package io.tablequery.server.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tablequery.engine.error.EngineException;
import io.tablequery.server.api.ServerErrorCode;
import io.tablequery.server.auth.KeyStore;
import io.tablequery.server.auth.Quota;
import java.time.Instant;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class KeyQuotasTest {
    private final AtomicLong now = new AtomicLong();

    private static KeyStore.StoredKey key(String id, Quota quota) {
        return new KeyStore.StoredKey(id, "shop", "hash-" + id, Instant.EPOCH, quota);
    }

    private static void assertRefused(Runnable call, String reason, long seconds) {
        assertThatThrownBy(call::run).isInstanceOf(EngineException.class).satisfies(e -> {
            EngineException refused = (EngineException) e;
            assertThat(refused.getErrorCode()).isEqualTo(ServerErrorCode.KEY_QUOTA_EXCEEDED.toErrorCode());
            assertThat(refused.details()).containsEntry("reason", reason).containsEntry(KeyQuotas.RETRY_AFTER, seconds);
        });
    }

    @Test
    void aKeyMakesSixSecondsOfRequestsAtOnceThenOneAsEachIsEarned() {
        KeyQuotas quotas = new KeyQuotas(Quota.NONE, now::get);
        KeyStore.StoredKey key = key("a", new Quota(60, 0));
        for (int i = 0; i < 6; i++) {
            quotas.admit(key).close();
        }
        assertRefused(() -> quotas.admit(key), "rate", 1);
        now.addAndGet(TimeUnit.MILLISECONDS.toNanos(1_000));
        quotas.admit(key).close();
        assertRefused(() -> quotas.admit(key), "rate", 1);
        KeyStore.StoredKey other = key("b", new Quota(60, 0));
        quotas.admit(other).close();
        KeyStore.StoredKey slow = key("c", new Quota(2, 0));
        quotas.admit(slow).close();
        assertRefused(() -> quotas.admit(slow), "rate", 30);
        now.addAndGet(TimeUnit.SECONDS.toNanos(3_600));
        quotas.admit(slow).close();
        assertRefused(() -> quotas.admit(slow), "rate", 30);
    }

    @Test
    void aKeyRunsItsCallsAtOnceAndGetsEachSlotBack() {
        KeyQuotas quotas = new KeyQuotas(new Quota(0, 2), now::get);
        KeyStore.StoredKey key = key("a", null);
        KeyQuotas.Admitted first = quotas.admit(key);
        KeyQuotas.Admitted second = quotas.admit(key);
        assertRefused(() -> quotas.admit(key), "concurrency", 1);
        first.close();
        quotas.admit(key).close();
        second.close();
        KeyStore.StoredKey own = key("b", Quota.NONE);
        for (int i = 0; i < 10; i++) {
            quotas.admit(own);
        }
        KeyStore.StoredKey admin = new KeyStore.StoredKey("x", KeyStore.ADMIN, "hash", Instant.EPOCH, new Quota(1, 1));
        for (int i = 0; i < 10; i++) {
            quotas.admit(admin);
        }
    }

    @Test
    void aChangedQuotaTakesEffect() {
        KeyQuotas quotas = new KeyQuotas(Quota.NONE, now::get);
        quotas.admit(key("a", new Quota(1, 0))).close();
        assertRefused(() -> quotas.admit(key("a", new Quota(1, 0))), "rate", 60);
        quotas.admit(key("a", new Quota(100, 0))).close();
    }
}
