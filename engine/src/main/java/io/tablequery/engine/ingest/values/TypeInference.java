package io.tablequery.engine.ingest.values;

import io.tablequery.dialects.SqliteAffinity;
import io.tablequery.engine.catalog.ColumnType;
import java.util.Locale;

/**
 * Decides a column's type from the classes of all its values: one kind of value gives that type, a mix gives TEXT.
 * Missing-value markers, errors and blanks do not count. Dates whose day/month order the column cannot settle stay
 * TEXT rather than being guessed.
 */
public final class TypeInference {
    private TypeInference() {}

    /**
     * The decision for one column.
     *
     * @param type the column type
     * @param dateOrder how order-dependent dates are read, if the column has any
     */
    public record Decision(ColumnType type, DateOrder dateOrder) {
        static final Decision TEXT = new Decision(ColumnType.TEXT, DateOrder.NONE);
    }

    /** Decides a column's type, and its date order when its dates need one, from the classes of all its values. */
    public static Decision decide(ColumnStats stats) {
        if (stats.present() == 0 || stats.count(ValueClass.TEXT) > 0 || stats.count(ValueClass.BLOB) > 0) {
            return Decision.TEXT;
        }
        long numeric = stats.count(ValueClass.INT) + stats.count(ValueClass.REAL);
        long temporal = stats.count(ValueClass.DATE) + stats.count(ValueClass.DATETIME);
        long time = stats.count(ValueClass.TIME);
        long bool = stats.count(ValueClass.BOOL);
        int families = (numeric > 0 ? 1 : 0) + (temporal > 0 ? 1 : 0) + (time > 0 ? 1 : 0) + (bool > 0 ? 1 : 0);
        if (families != 1 || time > 0) {
            return Decision.TEXT;
        }
        if (bool > 0) {
            return new Decision(ColumnType.BOOLEAN, DateOrder.NONE);
        }
        if (numeric > 0) {
            if (stats.percentValues > 0 && stats.plainNumbers > 0) {
                return Decision.TEXT;
            }
            return new Decision(
                    stats.count(ValueClass.REAL) > 0 ? ColumnType.REAL : ColumnType.INTEGER, DateOrder.NONE);
        }
        DateOrder order = DateOrder.NONE;
        if (stats.orderDependentDates > 0) {
            if (stats.dayFirstOnly > 0 && stats.monthFirstOnly > 0) {
                return Decision.TEXT;
            } else if (stats.dayFirstOnly > 0) {
                order = DateOrder.DAY_FIRST;
            } else if (stats.monthFirstOnly > 0) {
                order = DateOrder.MONTH_FIRST;
            } else {
                return Decision.TEXT;
            }
        }
        return new Decision(stats.count(ValueClass.DATETIME) > 0 ? ColumnType.TIMESTAMP : ColumnType.DATE, order);
    }

    /**
     * Decides a database column's type from its values (their storage classes) and its declared type. Text in a
     * column declared as a date or time makes it DATE or TIMESTAMP only when every value is spelled the way the
     * SQLite copy writes dates ({@code YYYY-MM-DD}, {@code YYYY-MM-DD HH:MM:SS[.ffffff]}); the SQLite copy keeps
     * the original text, so anything else would make the two copies disagree.
     */
    public static Decision decideDeclared(ColumnStats stats, String declaredType) {
        String declared = declaredType.toUpperCase(Locale.ROOT);
        if (stats.present() == 0) {
            return new Decision(declaredFallback(declared), DateOrder.NONE);
        }
        long texts = stats.count(ValueClass.TEXT);
        long blobs = stats.count(ValueClass.BLOB);
        long present = stats.present();
        if (blobs > 0) {
            return blobs == present ? new Decision(ColumnType.BLOB, DateOrder.NONE) : Decision.TEXT;
        }
        if (texts > 0) {
            return Decision.TEXT;
        }
        long numeric = stats.count(ValueClass.INT) + stats.count(ValueClass.REAL);
        long temporal = stats.count(ValueClass.DATE) + stats.count(ValueClass.DATETIME);
        if (numeric > 0 && temporal > 0) {
            return Decision.TEXT;
        }
        if (temporal > 0) {
            boolean oneSpelling = stats.nonCanonicalTemporals == 0
                    && (stats.count(ValueClass.DATE) == 0 || stats.count(ValueClass.DATETIME) == 0);
            if (!oneSpelling) {
                return Decision.TEXT;
            }
            return new Decision(
                    stats.count(ValueClass.DATETIME) > 0 ? ColumnType.TIMESTAMP : ColumnType.DATE, DateOrder.NONE);
        }
        if (stats.count(ValueClass.REAL) > 0) {
            return new Decision(ColumnType.REAL, DateOrder.NONE);
        }
        if (declared.contains("BOOL") && stats.nonBooleanIntegers == 0) {
            return new Decision(ColumnType.BOOLEAN, DateOrder.NONE);
        }
        return new Decision(ColumnType.INTEGER, DateOrder.NONE);
    }

    /** Whether a declared type names a date or time, whose text values are then read as ISO dates. */
    public static boolean isDateLike(String declaredType) {
        String declared = declaredType.toUpperCase(Locale.ROOT);
        return declared.contains("DATE") || declared.contains("TIME");
    }

    /** The type of a column without values: its declared type's affinity, refined by a name saying more. */
    private static ColumnType declaredFallback(String declared) {
        return switch (SqliteAffinity.of(declared)) {
            case INTEGER -> ColumnType.INTEGER;
            case TEXT, BLOB, NONE -> ColumnType.TEXT;
            case REAL -> ColumnType.REAL;
            case NUMERIC -> {
                if (declared.contains("BOOL")) {
                    yield ColumnType.BOOLEAN;
                } else if (declared.contains("TIME")) {
                    yield ColumnType.TIMESTAMP;
                } else if (declared.contains("DATE")) {
                    yield ColumnType.DATE;
                }
                yield ColumnType.REAL;
            }
        };
    }
}
