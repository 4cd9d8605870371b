package io.tablequery.engine.ingest.layout;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Random;
import org.junit.jupiter.api.Test;

/** The total-label test that runs on every streamed row, against the expression it stands in front of. */
class TotalsTrackerTest {
    @Test
    void theQuickTestPassesEveryLabelTheTotalPatternMatches() {
        String[] tokens = {
            "total",
            "Total",
            "TOTALS",
            "toTal",
            "grand",
            "Grand ",
            "sub",
            "sub-",
            "Sub",
            "sum",
            "Summe",
            "SUMME",
            "gesamt",
            "somme",
            "suma",
            "totaal",
            "合计",
            "總計",
            "小計",
            "共计",
            "总和",
            "North",
            "east",
            " ",
            "  ",
            "\t",
            "\u00A0",
            ":",
            "x",
            "ſum",
            "ſubtotal",
            "Ｔotal",
            "2024",
            "-"
        };
        Random random = new Random(7);
        int matched = 0;
        for (int i = 0; i < 200_000; i++) {
            StringBuilder label = new StringBuilder();
            for (int n = 1 + random.nextInt(4); n > 0; n--) {
                label.append(tokens[random.nextInt(tokens.length)]);
            }
            String text = label.toString();
            if (TotalsTracker.TOTAL.matcher(text).matches()) {
                matched++;
                assertThat(TotalsTracker.mayBeTotal(text)).as(text).isTrue();
            }
        }
        assertThat(matched).isGreaterThan(10_000);
        assertThat(TotalsTracker.mayBeTotal("Berlin")).isFalse();
        assertThat(TotalsTracker.mayBeTotal("Customer 17")).isFalse();
    }
}
