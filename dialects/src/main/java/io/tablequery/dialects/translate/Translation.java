package io.tablequery.dialects.translate;

import static java.util.Objects.requireNonNull;

import java.util.List;

/** The outcome of translating one statement: DuckDB SQL, or the reason it cannot be carried over exactly. */
public sealed interface Translation {
    /**
     * A translated statement.
     *
     * @param sql the DuckDB statement; it relies on no session setting, so it runs on any DuckDB connection
     * @param columns the columns it returns or creates, as later statements see them
     * @param sumsReals whether it sums reals ({@code sum}, {@code total} or {@code avg} of REAL values), added as
     *     the translation's {@link RealSums} says
     */
    record Translated(String sql, List<ColumnSchema> columns, boolean sumsReals) implements Translation {
        public Translated {
            requireNonNull(sql, "sql is null");
            columns = List.copyOf(columns);
        }

        /**
         * A translated statement that sums no reals.
         *
         * @param sql the DuckDB statement
         * @param columns the columns it returns or creates
         */
        public Translated(String sql, List<ColumnSchema> columns) {
            this(sql, columns, false);
        }
    }

    /**
     * A statement that stays on SQLite.
     *
     * @param reason why, in words a user can act on
     */
    record Untranslatable(String reason) implements Translation {
        public Untranslatable {
            requireNonNull(reason, "reason is null");
        }
    }
}
