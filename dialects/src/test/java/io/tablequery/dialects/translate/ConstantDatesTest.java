package io.tablequery.dialects.translate;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** Dates of constants folded at translation time equal what SQLite computes, over thousands of random cases. */
class ConstantDatesTest {
    private static final String[] UNITS = {"day", "days", "hour", "minute", "seconds", "month", "months", "year"};
    private static final String[] STARTS = {"start of month", "start of year", "start of day", "START OF MONTH"};

    @Test
    void foldsAsSqliteComputes() throws Exception {
        Random random = new Random(20261202);
        int folded = 0;
        try (Connection sqlite = DriverManager.getConnection("jdbc:sqlite::memory:")) {
            for (int i = 0; i < 5000; i++) {
                String function = random.nextBoolean() ? "date" : "datetime";
                List<String> args = new ArrayList<>();
                args.add(value(random));
                int modifiers = random.nextInt(4);
                for (int m = 0; m < modifiers; m++) {
                    args.add(modifier(random));
                }
                Optional<String> ours = ConstantDates.fold(
                        function, args.stream().map(TimeTextSamples::constant).toList());
                String expected = sqlite(sqlite, function, args);
                if (ours.isPresent()) {
                    folded++;
                    assertThat(ours.get()).as("%s%s", function, args).isEqualTo(expected);
                }
            }
        }
        assertThat(folded).isGreaterThan(3000);
    }

    @Test
    void leavesWhatItDoesNotReadToTheEngine() {
        for (List<Object> args : List.of(
                List.<Object>of("2024-01-01", "+1.5 days"),
                List.<Object>of("now"),
                List.<Object>of("2024-13-01"),
                List.<Object>of("2459000.5"),
                List.<Object>of("2024-01-01", "weekday 0"),
                List.<Object>of(20240101L))) {
            assertThat(ConstantDates.fold(
                            "date", args.stream().map(TimeTextSamples::constant).toList()))
                    .as(args.toString())
                    .isEmpty();
        }
    }

    private static String value(Random random) {
        int year = 1900 + random.nextInt(200);
        int month = 1 + random.nextInt(12);
        int day = random.nextInt(4) == 0 ? 28 + random.nextInt(4) : 1 + random.nextInt(31);
        String date = "%04d-%02d-%02d".formatted(year, month, day);
        return switch (random.nextInt(4)) {
            case 0 -> date + " %02d:%02d:%02d".formatted(random.nextInt(24), random.nextInt(60), random.nextInt(60));
            case 1 -> date + "T%02d:%02d".formatted(random.nextInt(24), random.nextInt(60));
            default -> date;
        };
    }

    private static String modifier(Random random) {
        if (random.nextInt(5) == 0) {
            return STARTS[random.nextInt(STARTS.length)];
        }
        int amount = random.nextInt(1000) - 500;
        String unit = UNITS[random.nextInt(UNITS.length)];
        return (amount >= 0 && random.nextBoolean() ? "+" : "") + amount + " " + unit;
    }

    private static String sqlite(Connection sqlite, String function, List<String> args) throws Exception {
        String placeholders = String.join(", ", args.stream().map(a -> "?").toList());
        try (PreparedStatement statement = sqlite.prepareStatement("SELECT " + function + "(" + placeholders + ")")) {
            for (int i = 0; i < args.size(); i++) {
                statement.setString(i + 1, args.get(i));
            }
            try (ResultSet rs = statement.executeQuery()) {
                rs.next();
                return rs.getString(1);
            }
        }
    }
}
