package io.tablequery.server.audit;

import static org.assertj.core.api.Assertions.assertThat;

import io.tablequery.engine.json.JsonCodec;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AuditLogTest {
    @TempDir
    Path dir;

    private static AuditEntry entry(String workspace, Instant time) {
        return new AuditEntry(
                time,
                workspace,
                "k1",
                "http",
                "POST run-sql",
                "0123456789abcdef",
                "SELECT 1",
                "sqlite",
                3L,
                1L,
                1.5,
                200,
                "ok",
                null);
    }

    @Test
    void startsANewFileAtTheSizeLimitAndKeepsTheNewest() throws Exception {
        AuditSettings small = AuditSettings.DEFAULTS.withFiles(1_000, Duration.ofDays(1), 3);
        try (AuditLog log = new AuditLog(small, name -> Optional.of(dir.resolve(name)))) {
            Instant time = Instant.parse("2026-12-06T01:00:00Z");
            for (int i = 0; i < 60; i++) {
                log.record(entry("a", time.plusMillis(i)));
            }
        }
        var files = AuditFiles.list(dir.resolve("a"));
        assertThat(files).hasSize(3);
        for (Path file : files) {
            assertThat(Files.size(file)).isLessThan(1_000 + 300);
        }
        assertThat(Files.readAllLines(files.get(2)))
                .last()
                .asString()
                .contains("\"time\":\"2026-12-06T01:00:00.059Z\"");
    }

    @Test
    void startsANewFileAtTheAgeLimit() throws Exception {
        AuditSettings hourly = AuditSettings.DEFAULTS.withFiles(1 << 20, Duration.ofHours(1), 10);
        Instant time = Instant.parse("2026-12-06T01:00:00Z");
        try (AuditLog log = new AuditLog(hourly, name -> Optional.of(dir.resolve(name)))) {
            log.record(entry("a", time));
            log.record(entry("a", time.plus(Duration.ofMinutes(59))));
            log.record(entry("a", time.plus(Duration.ofMinutes(61))));
        }
        try (AuditLog reopened = new AuditLog(hourly, name -> Optional.of(dir.resolve(name)))) {
            reopened.record(entry("a", time.plus(Duration.ofMinutes(62))));
        }
        assertThat(AuditFiles.list(dir.resolve("a")))
                .extracting(file -> file.getFileName().toString())
                .containsExactly("20261206T010000.000Z.jsonl", "20261206T020100.000Z.jsonl");
        assertThat(Files.readAllLines(AuditFiles.list(dir.resolve("a")).get(1)))
                .as("a restarted server goes on with the newest file while it is within its limits")
                .hasSize(2);
    }

    @Test
    void aLineAfterOneACrashCutShortStartsOnItsOwn() throws Exception {
        Path a = dir.resolve("a");
        try (AuditLog log = new AuditLog(AuditSettings.DEFAULTS, name -> Optional.of(dir.resolve(name)))) {
            log.record(entry("a", Instant.parse("2026-12-06T01:00:00Z")));
        }
        Path file = AuditFiles.list(a).get(0);
        String whole = Files.readString(file);
        Files.writeString(file, whole + whole.substring(0, whole.length() / 2));
        try (AuditLog reopened = new AuditLog(AuditSettings.DEFAULTS, name -> Optional.of(dir.resolve(name)))) {
            reopened.record(entry("a", Instant.parse("2026-12-06T01:00:01Z")));
        }
        assertThat(AuditFiles.list(a)).containsExactly(file);
        List<String> lines = Files.readAllLines(file);
        assertThat(lines).hasSize(3);
        assertThat(JsonCodec.mapper().readTree(lines.get(2)).path("time").asText())
                .as("the line written after the cut one")
                .startsWith("2026-12-06T01:00:01");
    }

    @Test
    void aFullQueueDropsLinesAndCountsThemWithoutWaiting() throws Exception {
        CountDownLatch held = new CountDownLatch(1);
        AuditSettings tiny = new AuditSettings(true, true, 100, 1 << 20, Duration.ofDays(1), 3, 4);
        try (AuditLog log = new AuditLog(tiny, name -> {
            try {
                held.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            return Optional.of(dir.resolve("a"));
        })) {
            try {
                long start = System.nanoTime();
                for (int i = 0; i < 1_000; i++) {
                    log.record(entry("a", Instant.now()));
                }
                assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(5));
                // The writer holds the lines it took before it blocked (at most its queue's worth) and 4 wait.
                assertThat(log.dropped()).isGreaterThanOrEqualTo(1_000 - 2 * 4 - 1);
            } finally {
                held.countDown();
            }
        }
        assertThat(AuditFiles.list(dir.resolve("a"))).hasSize(1);
    }

    @Test
    void keepsTextWithinItsLimit() {
        AuditLog log = new AuditLog(
                new AuditSettings(false, true, 5, 1 << 20, Duration.ofDays(1), 3, 4), name -> Optional.empty());
        assertThat(log.keptText("SELECT 1")).isEqualTo("SELEC…[3 more]");
        assertThat(log.keptText("SEL")).isEqualTo("SEL");
        AuditLog hashOnly = new AuditLog(AuditSettings.DEFAULTS.withoutText(), name -> Optional.empty());
        assertThat(hashOnly.keptText("SELECT 1")).isNull();
        hashOnly.close();
        assertThat(AuditText.hash("SELECT 1")).hasSize(16).isEqualTo(AuditText.hash("SELECT 1"));
    }
}
