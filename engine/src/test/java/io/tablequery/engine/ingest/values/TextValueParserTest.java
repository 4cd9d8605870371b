package io.tablequery.engine.ingest.values;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class TextValueParserTest {
    private final CellValue value = new CellValue();

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "0|0",
                "42|42",
                "-7|-7",
                "1,234|1234",
                "$1,000|1000",
                "€ 5|5",
                "5€|5",
                "123456789012345678|123456789012345678"
            })
    void readsIntegers(String text, long expected) {
        parse(text);
        assertThat(value.cls).isEqualTo(ValueClass.INT);
        assertThat(value.longValue).isEqualTo(expected);
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "0.1|0.1",
                "-2.5|-2.5",
                ".5|0.5",
                "1e3|1000",
                "1.5E-3|0.0015",
                "$1,234.50|1234.5",
                "25%|0.25",
                "12.5 %|0.125",
                "0.07%|0.0007",
                "4906.050249528457|4906.050249528457"
            })
    void readsDecimals(String text, double expected) {
        parse(text);
        assertThat(value.cls).isEqualTo(ValueClass.REAL);
        assertThat(value.doubleValue).isEqualTo(expected);
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "007",
                "00.5",
                "+5",
                "1,23",
                "12345678901234567890",
                "1.2.3",
                "10:30",
                "555-1234",
                "0x10",
                "1e",
                "NaN1",
                "1,234,56",
                "$",
                "Customer 12",
                "abc",
                "12abc",
                "3,5"
            })
    void leavesAmbiguousTextAlone(String text) {
        parse(text);
        assertThat(value.cls).as(text).isEqualTo(ValueClass.TEXT);
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "  ", "N/A", "n/a", "NA", "-", "—", "null", "NULL", "None", "#N/A", "nan"})
    void recognisesMissingValueMarkers(String text) {
        parse(text);
        assertThat(value.cls).isEqualTo(ValueClass.NULL_MARKER);
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "2024-01-05|2024-01-05",
                "2024/1/5|2024-01-05",
                "2024.01.05|2024-01-05",
                "2024年1月5日|2024-01-05",
                "5 Jan 2024|2024-01-05",
                "05-Jan-2024|2024-01-05",
                "Jan 5, 2024|2024-01-05",
                "January 5 2024|2024-01-05",
                "31.12.2024|2024-12-31",
                "2024-02-29|2024-02-29"
            })
    void readsDates(String text, LocalDate expected) {
        parse(text);
        assertThat(value.cls).isEqualTo(ValueClass.DATE);
        assertThat(value.longValue).isEqualTo(expected.toEpochDay());
        assertThat(value.has(CellValue.ORDER_DEPENDENT)).isFalse();
    }

    @ParameterizedTest
    @ValueSource(strings = {"2023-02-29", "2024-13-01", "2024-00-10", "32.01.2024", "99-01-05"})
    void refusesImpossibleDates(String text) {
        parse(text);
        assertThat(value.cls).isNotIn(ValueClass.DATE, ValueClass.DATETIME);
    }

    @Test
    void readsTimestampsWithFractions() {
        parse("2024-01-05T10:20:30.123456");
        assertThat(value.cls).isEqualTo(ValueClass.DATETIME);
        LocalDateTime expected = LocalDateTime.of(2024, 1, 5, 10, 20, 30, 123_456_000);
        assertThat(value.longValue).isEqualTo(expected.toEpochSecond(ZoneOffset.UTC) * 1_000_000 + 123_456);
    }

    @Test
    void keepsBothReadingsOfOrderDependentDates() {
        parse("03/04/2024");
        assertThat(value.has(CellValue.ORDER_DEPENDENT)).isTrue();
        assertThat(value.longValue).isEqualTo(LocalDate.of(2024, 3, 4).toEpochDay());
        assertThat(value.dayFirstValue).isEqualTo(LocalDate.of(2024, 4, 3).toEpochDay());
        parse("25/12/2024");
        assertThat(value.longValue).isEqualTo(CellValue.INVALID);
        assertThat(value.dayFirstValue).isEqualTo(LocalDate.of(2024, 12, 25).toEpochDay());
    }

    @Test
    void readsBooleans() {
        parse("TRUE");
        assertThat(value.cls).isEqualTo(ValueClass.BOOL);
        assertThat(value.longValue).isEqualTo(1);
        parse("false");
        assertThat(value.longValue).isZero();
    }

    @Test
    void epochDaysMatchTheJdkAcrossTheCalendar() {
        for (LocalDate day = LocalDate.of(1000, 1, 1); day.getYear() < 10000; day = day.plusDays(37)) {
            assertThat(TextValueParser.epochDay(day.getYear(), day.getMonthValue(), day.getDayOfMonth()))
                    .isEqualTo(day.toEpochDay());
        }
    }

    private void parse(String text) {
        value.reset();
        TextValueParser.parse(text, value);
    }
}
