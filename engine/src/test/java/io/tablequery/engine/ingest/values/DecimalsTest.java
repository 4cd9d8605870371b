package io.tablequery.engine.ingest.values;

import static org.assertj.core.api.Assertions.assertThat;

import io.tablequery.engine.catalog.StoredValues;
import java.time.LocalDate;
import java.util.Random;
import org.junit.jupiter.api.Test;

class DecimalsTest {
    @Test
    void agreesWithTheJdkOnRandomDecimals() {
        Random random = new Random(7);
        for (int i = 0; i < 200_000; i++) {
            int digits = 1 + random.nextInt(18);
            StringBuilder text = new StringBuilder(random.nextBoolean() ? "-" : "");
            for (int d = 0; d < digits; d++) {
                text.append((char) ('0' + random.nextInt(10)));
            }
            text.insert(text.length() - random.nextInt(digits), '.');
            String number = text.toString();
            assertThat(Decimals.parseDouble(number)).as(number).isEqualTo(Double.parseDouble(number));
        }
    }

    @Test
    void rendersDatesLikeTheJdk() {
        for (LocalDate day = LocalDate.of(1000, 1, 1); day.getYear() < 10000; day = day.plusDays(11)) {
            assertThat(StoredValues.dateText(day.toEpochDay())).isEqualTo(day.toString());
        }
    }

    @Test
    void rendersNumbersPlainly() {
        assertThat(StoredValues.numberText(12.0)).isEqualTo("12");
        assertThat(StoredValues.numberText(0.1)).isEqualTo("0.1");
        assertThat(StoredValues.numberText(1234567.5)).isEqualTo("1234567.5");
        assertThat(StoredValues.numberText(1e22)).isEqualTo("1.0E22");
        assertThat(StoredValues.timestampText(1_700_000_000_123_000L)).isEqualTo("2023-11-14 22:13:20.123");
    }
}
