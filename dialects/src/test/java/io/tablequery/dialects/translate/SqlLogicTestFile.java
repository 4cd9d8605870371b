package io.tablequery.dialects.translate;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Runs one sqllogictest file (SQLite's own query suite): statements on SQLite, then every query (or every n-th)
 * translated and run on a target, its output formatted and sorted as the suite's reference runner does and compared
 * with the expected values or their MD5 hash.
 */
public final class SqlLogicTestFile {
    /**
     * The outcome of one file.
     *
     * @param queries the queries tried
     * @param translated those the target's translation took
     * @param equal those whose output equals SQLite's recorded one, or that both engines refuse
     * @param refusals the reasons of the refusals, counted
     * @param mismatches the queries whose output differs, with both outputs
     */
    public record Outcome(
            int queries, int translated, int equal, Map<String, Integer> refusals, List<String> mismatches) {}

    private final Path file;
    private final QueryTarget target;
    private final int every;
    private int hashThreshold = 0;

    /**
     * Runs every query of a file on a target.
     *
     * @param file the file
     * @param target the target
     * @param every 1 for every query, n for every n-th
     */
    public SqlLogicTestFile(Path file, QueryTarget target, int every) {
        this.file = file;
        this.target = target;
        this.every = every;
    }

    /**
     * Runs the file.
     *
     * @return its outcome
     * @throws Exception when SQLite or the target fails where it must not
     */
    public Outcome run() throws Exception {
        List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        int queries = 0;
        int translated = 0;
        int equal = 0;
        Map<String, Integer> refusals = new LinkedHashMap<>();
        List<String> mismatches = new ArrayList<>();
        int seen = 0;
        try (EnginePair engines = new EnginePair()) {
            boolean dirty = true;
            int i = 0;
            while (i < lines.size()) {
                String line = lines.get(i);
                if (line.isBlank() || line.startsWith("#")) {
                    i++;
                    continue;
                }
                boolean skip = false;
                while (line.startsWith("skipif") || line.startsWith("onlyif")) {
                    String engine = line.split("\\s+")[1];
                    if (line.startsWith("skipif") ? engine.equals("sqlite") : !engine.equals("sqlite")) {
                        skip = true;
                    }
                    line = lines.get(++i);
                }
                if (line.startsWith("halt")) {
                    if (!skip) {
                        break;
                    }
                    i++;
                    continue;
                }
                if (line.startsWith("hash-threshold")) {
                    hashThreshold = Integer.parseInt(line.split("\\s+")[1]);
                    i++;
                    continue;
                }
                List<String> record = new ArrayList<>();
                while (i < lines.size() && !lines.get(i).isBlank()) {
                    record.add(lines.get(i++));
                }
                String header = record.get(0);
                if (header.startsWith("statement")) {
                    if (!skip) {
                        String sql = String.join("\n", record.subList(1, record.size()));
                        try {
                            engines.sqliteScript(List.of(sql));
                        } catch (SQLException e) {
                            if (header.contains("ok")) {
                                throw e;
                            }
                        }
                        dirty = true;
                    }
                    continue;
                }
                if (!header.startsWith("query") || skip) {
                    continue;
                }
                if (seen++ % every != 0) {
                    continue;
                }
                queries++;
                int separator = record.indexOf("----");
                String sql = String.join("\n", record.subList(1, separator < 0 ? record.size() : separator));
                List<String> expected = separator < 0 ? List.of() : record.subList(separator + 1, record.size());
                if (dirty) {
                    target.load(engines);
                    dirty = false;
                }
                Translation translation = target.translate(sql);
                if (translation instanceof Translation.Untranslatable refused) {
                    refusals.merge(refused.reason(), 1, Integer::sum);
                    continue;
                }
                translated++;
                String[] parts = header.split("\\s+");
                String types = parts[1];
                String sort = parts.length > 2 ? parts[2] : "nosort";
                String duckSql = ((Translation.Translated) translation).sql();
                List<String> actual;
                try {
                    actual = format(target.query(duckSql), types, sort);
                } catch (Exception e) {
                    String message =
                            String.valueOf(e.getMessage()).lines().findFirst().orElse("");
                    int refusal = message.indexOf(SqliteToDuckDb.RUN_TIME_REFUSAL);
                    if (refusal >= 0) {
                        translated--;
                        refusals.merge("at run time: " + message.substring(refusal), 1, Integer::sum);
                        continue;
                    }
                    if (raises(engines, sql)) {
                        equal++;
                        continue;
                    }
                    mismatches.add(file.getFileName() + ": " + sql + "\n  " + target.name() + ": " + duckSql
                            + "\n  error: " + message);
                    continue;
                }
                List<String> compared = expected.size() == 1 && expected.get(0).contains(" values hashing to ")
                        ? List.of(actual.size() + " values hashing to " + md5(actual))
                        : actual.size() > hashThreshold && hashThreshold > 0
                                ? List.of(actual.size() + " values hashing to " + md5(actual))
                                : actual;
                if (compared.equals(expected)) {
                    equal++;
                } else {
                    mismatches.add(file.getFileName() + ": " + sql + "\n  " + target.name() + ": " + duckSql
                            + "\n  expected " + expected + "\n  actual   " + compared);
                }
            }
        }
        return new Outcome(queries, translated, equal, refusals, mismatches);
    }

    /** Tells whether SQLite raises an error on the query too, so both engines refuse it alike. */
    private static boolean raises(EnginePair engines, String sql) {
        try {
            EnginePair.query(engines.sqlite, sql);
            return false;
        } catch (SQLException e) {
            return true;
        }
    }

    /** Formats values as the reference runner does: integers, reals with three decimals, text, NULL. */
    static List<String> format(EnginePair.Rows rows, String types, String sort) {
        List<List<String>> formatted = new ArrayList<>();
        for (List<Object> row : rows.rows()) {
            List<String> cells = new ArrayList<>();
            for (int c = 0; c < row.size(); c++) {
                char type = c < types.length() ? types.charAt(c) : 'T';
                cells.add(cell(row.get(c), type));
            }
            formatted.add(cells);
        }
        if (sort.equals("rowsort")) {
            formatted.sort(ROW_ORDER);
        }
        List<String> values = new ArrayList<>();
        formatted.forEach(values::addAll);
        if (sort.equals("valuesort")) {
            values.sort(Comparator.naturalOrder());
        }
        return values;
    }

    private static final Comparator<List<String>> ROW_ORDER = (a, b) -> {
        for (int i = 0; i < Math.min(a.size(), b.size()); i++) {
            int c = a.get(i).compareTo(b.get(i));
            if (c != 0) {
                return c;
            }
        }
        return Integer.compare(a.size(), b.size());
    };

    private static String cell(Object value, char type) {
        if (value == null) {
            return "NULL";
        }
        switch (type) {
            case 'I':
                if (value instanceof Number n) {
                    return Long.toString(n.longValue());
                }
                return Long.toString(SqliteNumbers.prefix(value.toString()).longValue());
            case 'R':
                double d = value instanceof Number n
                        ? n.doubleValue()
                        : SqliteNumbers.prefix(value.toString()).doubleValue();
                return real(d);
            default:
                String text = value instanceof Double real ? SqliteNumbers.realText(real) : value.toString();
                if (text == null) {
                    text = value.toString();
                }
                if (text.isEmpty()) {
                    return "(empty)";
                }
                StringBuilder out = new StringBuilder();
                for (char ch : text.toCharArray()) {
                    out.append(ch < ' ' || ch > '~' ? '@' : ch);
                }
                return out.toString();
        }
    }

    /** {@code %.3f} as SQLite's printf renders it: at most 16 significant digits, then zeros. */
    private static String real(double value) {
        if (Math.abs(value) < 1e13 || Double.isNaN(value) || Double.isInfinite(value)) {
            return String.format(Locale.ROOT, "%.3f", value);
        }
        return new BigDecimal(value)
                .round(new MathContext(16, RoundingMode.HALF_EVEN))
                .setScale(3, RoundingMode.HALF_EVEN)
                .toPlainString();
    }

    private static String md5(List<String> values) {
        try {
            MessageDigest digest = MessageDigest.getInstance("MD5");
            for (String value : values) {
                digest.update((value + "\n").getBytes(StandardCharsets.UTF_8));
            }
            return HexFormat.of().formatHex(digest.digest());
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
