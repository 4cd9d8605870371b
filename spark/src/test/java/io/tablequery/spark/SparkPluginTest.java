package io.tablequery.spark;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@code tq spark local}'s options that it refuses before starting anything. */
class SparkPluginTest {
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    private int run(String... args) {
        return new SparkPlugin()
                .command(
                        List.of(args),
                        new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8),
                        new PrintStream(err, true, StandardCharsets.UTF_8));
    }

    @Test
    void aClusterOfItsOwnTakesNoMaster() {
        assertThat(run("local", "--workers", "2", "--master", "local[2]")).isEqualTo(2);
        assertThat(err.toString(StandardCharsets.UTF_8))
                .contains("--workers starts a cluster of its own, so it takes no --master")
                .contains("[--workers N [--worker-memory 1g]]");
    }

    @Test
    void countsAreWholeNumbers() {
        assertThat(run("local", "--workers", "two")).isEqualTo(2);
        assertThat(err.toString(StandardCharsets.UTF_8))
                .isEqualTo("tq spark local: --workers takes a whole number, not 'two'" + System.lineSeparator());
    }
}
