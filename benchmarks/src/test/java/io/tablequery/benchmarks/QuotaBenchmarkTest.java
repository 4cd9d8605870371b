package io.tablequery.benchmarks;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class QuotaBenchmarkTest {
    @TempDir
    Path dir;

    @Test
    void theFloodIsHeldToItsQuotaAndTheSteadyKeyIsAnswered() throws Exception {
        ByteArrayOutputStream log = new ByteArrayOutputStream();
        QuotaBenchmark.Result result = QuotaBenchmark.run(
                new QuotaBenchmark.Settings(3, 5, dir, null), new PrintStream(log, true, StandardCharsets.UTF_8));
        assertThat(result.steadyErrors()).isZero();
        assertThat(result.floodSent()).isEqualTo(150);
        // 50 requests a second against a quota of 5: six seconds' worth (30) at once, then 5 a second.
        assertThat(result.floodAnswered() + result.floodRefused()).isEqualTo(result.floodSent());
        assertThat(result.floodRefused()).isGreaterThan(result.floodSent() / 2);
        assertThat(result.aloneP99Millis()).isPositive();
        assertThat(log.toString(StandardCharsets.UTF_8)).contains("p99 beside the flood / alone");
    }
}
