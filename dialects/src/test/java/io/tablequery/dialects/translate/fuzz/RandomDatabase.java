package io.tablequery.dialects.translate.fuzz;

import io.tablequery.dialects.translate.fuzz.Node.Kind;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.StringJoiner;

/**
 * A random SQLite database of one to three small tables: declared types of every affinity, sometimes an
 * {@code INTEGER PRIMARY KEY} with keys out of insertion order, sometimes an index; values drawn from small pools, so
 * that duplicates, ties and join matches are common, with NULLs and, in one database of four, values of another
 * storage class than their column's.
 *
 * @param tables the tables and the kinds of their columns
 * @param statements the SQL that makes them: CREATE TABLE, then the rows, then the indexes
 */
record RandomDatabase(List<Table> tables, List<String> statements) {
    static final String[] TEXTS = {
        "a", "B", "ab", "Ab", "10", "9", " 3", "", "2024-01-05", "2023-12-31 23:59:59", "x_y", "100%", "é", "b"
    };
    static final String[] REALS = {
        "0.1",
        "0.2",
        "0.3",
        "1.5",
        "-2.25",
        "3.0",
        "1e10",
        "0.0025",
        "33.333333333333336",
        "0.7",
        "-0.5",
        "2.675",
        "9007199254740992.0"
    };

    /** A generated table. */
    record Table(String name, List<Column> columns) {}

    /** A generated column and the kind of value it mostly holds. */
    record Column(String name, String declared, Kind kind) {}

    RandomDatabase {
        tables = List.copyOf(tables);
        statements = List.copyOf(statements);
    }

    /** Draws a database. */
    static RandomDatabase draw(Random random) {
        List<Table> tables = new ArrayList<>();
        List<String> statements = new ArrayList<>();
        List<String> indexes = new ArrayList<>();
        int count = 1 + random.nextInt(3);
        // One database in four is messy: now and then a value of another storage class than its column's.
        boolean messy = random.nextInt(4) == 0;
        for (int t = 0; t < count; t++) {
            String name = "t" + t;
            boolean rowidAlias = random.nextInt(10) < 3;
            List<Column> columns = new ArrayList<>();
            if (rowidAlias) {
                columns.add(new Column("id", "INTEGER PRIMARY KEY", Kind.NUM));
            }
            int width = 2 + random.nextInt(3);
            for (int c = 0; c < width; c++) {
                String declared = List.of("INTEGER", "INTEGER", "REAL", "TEXT", "TEXT", "", "NUMERIC")
                        .get(random.nextInt(7));
                Kind kind =
                        switch (declared) {
                            case "TEXT" -> Kind.TEXT;
                            case "" -> random.nextBoolean() ? Kind.TEXT : Kind.NUM;
                            default -> Kind.NUM;
                        };
                columns.add(new Column("c" + c, declared, kind));
            }
            StringJoiner ddl = new StringJoiner(", ", "CREATE TABLE " + name + "(", ")");
            columns.forEach(column -> ddl.add((column.name() + " " + column.declared()).strip()));
            statements.add(ddl.toString());
            int rows = random.nextInt(8) == 0 ? 0 : 1 + random.nextInt(12);
            List<Long> keys = new ArrayList<>();
            for (int r = 0; r < rows; r++) {
                StringJoiner values = new StringJoiner(", ", "INSERT INTO " + name + " VALUES (", ")");
                for (Column column : columns) {
                    if (column.declared().startsWith("INTEGER PRIMARY")) {
                        long key;
                        do {
                            key = random.nextInt(1000);
                        } while (keys.contains(key));
                        keys.add(key);
                        values.add(Long.toString(key));
                    } else {
                        values.add(value(random, column, messy));
                    }
                }
                statements.add(values.toString());
            }
            if (random.nextInt(10) < 3) {
                Column indexed = columns.get(random.nextInt(columns.size()));
                String unique = random.nextInt(4) == 0 ? "UNIQUE " : "";
                indexes.add("CREATE %sINDEX i%d ON %s(%s)".formatted(unique, t, name, indexed.name()));
            }
            tables.add(new Table(name, columns));
        }
        statements.addAll(indexes);
        return new RandomDatabase(tables, statements);
    }

    private static String value(Random random, Column column, boolean messy) {
        if (random.nextInt(7) == 0) {
            return "NULL";
        }
        boolean stray = messy && random.nextInt(10) == 0;
        Kind kind = stray ? (column.kind() == Kind.NUM ? Kind.TEXT : Kind.NUM) : column.kind();
        if (kind == Kind.TEXT) {
            return "'" + TEXTS[random.nextInt(TEXTS.length)].replace("'", "''") + "'";
        }
        if (column.declared().equals("REAL") && random.nextInt(8) != 0 || stray && random.nextBoolean()) {
            return REALS[random.nextInt(REALS.length)];
        }
        int draw = random.nextInt(30);
        if (draw < 2) {
            return Long.toString(4_000_000_000L + random.nextInt(3));
        } else if (draw == 2) {
            // Integers a double cannot hold exactly, which SQLite compares with reals exactly.
            return Long.toString((1L << 53) + random.nextInt(3) - 1);
        }
        return Integer.toString(random.nextInt(10) - 3);
    }

    /** This database with one row statement left out, for shrinking a reproduction. */
    RandomDatabase without(int statement) {
        List<String> fewer = new ArrayList<>(statements);
        fewer.remove(statement);
        return new RandomDatabase(tables, fewer);
    }
}
