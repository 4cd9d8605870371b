package io.tablequery.dialects.translate;

import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * SQLite's {@code date} and {@code datetime} of constants, computed at translation time for targets that do not spell
 * SQLite's date functions: a time value in ISO form ({@code YYYY-MM-DD}, with {@code HH:MM[:SS]} after a space or
 * {@code T}) and whole-number shifts of days, hours, minutes, seconds, months or years, or {@code start of} a day,
 * month or year. As in SQLite, a day past the end of its month overflows into the next ({@code 2024-01-31} plus a
 * month is {@code 2024-03-02}); a date like {@code 2024-02-30} overflows alone, and under modifiers stays as written
 * until a shift moves it. Anything else is left unfolded.
 */
final class ConstantDates {
    private static final Pattern VALUE =
            Pattern.compile("(\\d{4})-(\\d{2})-(\\d{2})(?:[ T](\\d{2}):(\\d{2})(?::(\\d{2}))?)?");
    private static final Pattern TRAILING_SPACES = Pattern.compile("[ \\t\\n\\x0B\\f\\r]+$");
    private static final Pattern SHIFT =
            Pattern.compile("([+-]?\\d{1,9})\\s+(day|hour|minute|second|month|year)s?", Pattern.CASE_INSENSITIVE);
    private static final Pattern START = Pattern.compile("start of (day|month|year)", Pattern.CASE_INSENSITIVE);
    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("HH:mm:ss", Locale.ROOT);

    private ConstantDates() {}

    /**
     * Computes {@code date(...)} or {@code datetime(...)} of constant arguments.
     *
     * @param function {@code date} or {@code datetime}
     * @param args the arguments
     * @return the text SQLite returns, or empty when the arguments are not all of the forms folded here
     */
    static Optional<String> fold(String function, List<Typed> args) {
        if (!(function.equals("date") || function.equals("datetime"))
                || args.isEmpty()
                || !(args.get(0).constant() instanceof String value)) {
            return Optional.empty();
        }
        // SQLite reads no space before a date, and any of C's spaces after it.
        Matcher parts = VALUE.matcher(TRAILING_SPACES.matcher(value).replaceFirst(""));
        if (!parts.matches()) {
            return Optional.empty();
        }
        int month = Integer.parseInt(parts.group(2));
        int day = Integer.parseInt(parts.group(3));
        int hour = parts.group(4) == null ? 0 : Integer.parseInt(parts.group(4));
        int minute = parts.group(5) == null ? 0 : Integer.parseInt(parts.group(5));
        int second = parts.group(6) == null ? 0 : Integer.parseInt(parts.group(6));
        if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59 || second > 59) {
            return Optional.empty();
        }
        Moment moment = new Moment(Integer.parseInt(parts.group(1)), month, day, LocalTime.of(hour, minute, second));
        for (Typed modifier : args.subList(1, args.size())) {
            if (!(modifier.constant() instanceof String text)) {
                return Optional.empty();
            }
            Optional<Moment> shifted = moment.apply(text);
            if (shifted.isEmpty()) {
                return Optional.empty();
            }
            moment = shifted.get();
        }
        if (args.size() == 1) {
            // SQLite normalizes a date of no modifiers (2023-02-31 is 2023-03-03), and only then.
            moment = Moment.of(moment.normalized());
        }
        if (moment.year() < 0 || moment.year() > 9999) {
            return Optional.empty();
        }
        return Optional.of(function.equals("date") ? moment.date() : moment.date() + " " + TIME.format(moment.time()));
    }

    /**
     * A time value as SQLite holds it between modifiers: the year, month and day as written (a day past the month's
     * end stays so) until a shift computes the day number, which normalizes them.
     */
    private record Moment(int year, int month, int day, LocalTime time) {
        static Moment of(LocalDateTime time) {
            return new Moment(time.getYear(), time.getMonthValue(), time.getDayOfMonth(), time.toLocalTime());
        }

        /** The date as SQLite writes it: the fields as they are, a day past the month's end included. */
        String date() {
            return "%04d-%02d-%02d".formatted(year, month, day);
        }

        LocalDateTime normalized() {
            return civil(year, month, day).atTime(time);
        }

        Optional<Moment> apply(String modifier) {
            Matcher shift = SHIFT.matcher(modifier);
            if (shift.matches()) {
                long amount = Long.parseLong(shift.group(1));
                return Optional.of(
                        switch (shift.group(2).toLowerCase(Locale.ROOT)) {
                            case "day" -> of(normalized().plusDays(amount));
                            case "hour" -> of(normalized().plusHours(amount));
                            case "minute" -> of(normalized().plusMinutes(amount));
                            case "second" -> of(normalized().plusSeconds(amount));
                            case "month" -> months(amount);
                            default -> months(amount * 12);
                        });
            }
            Matcher start = START.matcher(modifier);
            if (start.matches()) {
                return Optional.of(
                        switch (start.group(1).toLowerCase(Locale.ROOT)) {
                            case "day" -> new Moment(year, month, day, LocalTime.MIDNIGHT);
                            case "month" -> new Moment(year, month, 1, LocalTime.MIDNIGHT);
                            default -> new Moment(year, 1, 1, LocalTime.MIDNIGHT);
                        });
            }
            return Optional.empty();
        }

        /** A month shift as SQLite makes it: the month moves, the day stays, and the result is normalized. */
        private Moment months(long amount) {
            long total = year * 12L + (month - 1) + amount;
            return of(civil((int) Math.floorDiv(total, 12), (int) Math.floorMod(total, 12) + 1, day)
                    .atTime(time));
        }
    }

    /** The day {@code day} counted from the first of the month, so that a day past the month's end overflows. */
    private static LocalDate civil(int year, int month, int day) {
        return LocalDate.of(year, month, 1).plusDays(day - 1L);
    }
}
