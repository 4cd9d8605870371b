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
     */
    record Translated(String sql, List<ColumnSchema> columns) implements Translation {
        public Translated {
            requireNonNull(sql, "sql is null");
            columns = List.copyOf(columns);
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
