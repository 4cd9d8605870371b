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
     * @param rows a query for the rows the statement returns or, for a {@code CREATE TEMP TABLE}, the rows the new
     *     table would hold, with the column the dialect keeps their order in ({@link SqlDialect#tableRows}): an engine
     *     that only reads a step's table once may read this instead of creating it
     */
    record Translated(String sql, List<ColumnSchema> columns, boolean sumsReals, String rows) implements Translation {
        public Translated {
            requireNonNull(sql, "sql is null");
            requireNonNull(rows, "rows is null");
            columns = List.copyOf(columns);
        }

        /**
         * A translated query, whose rows are its own.
         *
         * @param sql the statement
         * @param columns the columns it returns
         * @param sumsReals whether it sums reals
         */
        public Translated(String sql, List<ColumnSchema> columns, boolean sumsReals) {
            this(sql, columns, sumsReals, sql);
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
