package io.tablequery.dialects.translate;

import static io.tablequery.dialects.SqlIdentifiers.literal;

import java.util.List;

/** DuckDB's time operations: its TIMESTAMP of microseconds, and a {@code strftime} close to SQLite's. */
final class DuckDbDateTimes implements DateTimeDialect {
    static final DuckDbDateTimes INSTANCE = new DuckDbDateTimes();

    private DuckDbDateTimes() {}

    @Override
    public String now() {
        return "(now() AT TIME ZONE 'UTC')";
    }

    @Override
    public String fromMicros(String micros) {
        return "make_timestamp(" + micros + ")";
    }

    @Override
    public String micros(String timestamp) {
        return "epoch_us(" + timestamp + ")";
    }

    @Override
    public String plusMonths(String monthStart, long months) {
        return "(" + monthStart + " + to_months(" + months + "))";
    }

    @Override
    public String weekday(String timestamp) {
        return "dayofweek(" + timestamp + ")";
    }

    @Override
    public String array(List<String> items) {
        return "[" + String.join(", ", items) + "]";
    }

    @Override
    public String element(String array, int position) {
        return array + "[" + position + "]";
    }

    @Override
    public String tryTimestamp(String text) {
        return "TRY_CAST(" + text + " AS TIMESTAMP)";
    }

    /** DuckDB's {@code strftime} writes these as SQLite does, {@code %f} as {@code %S.%g}. */
    @Override
    public String conversion(char conversion) {
        if (conversion == 'f') {
            return "%S.%g";
        }
        return "dHIjmMpSuwWUVG".indexOf(conversion) >= 0 ? "%" + conversion : null;
    }

    @Override
    public String patternText(String text) {
        return text.replace("%", "%%");
    }

    @Override
    public String format(String timestamp, String pattern) {
        return "strftime(" + timestamp + ", " + literal(pattern) + ")";
    }

    @Override
    public String sixteenDigits(String real) {
        return "printf('%.16g', " + real + ")";
    }
}
