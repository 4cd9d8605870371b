package io.tablequery.dialects.translate;

import static java.util.Objects.requireNonNull;

import io.tablequery.dialects.sql.ResultNames;
import io.tablequery.dialects.sql.SqliteStatement;

/**
 * Translates SQLite {@code SELECT}, {@code WITH} and {@code CREATE TEMP TABLE ... AS} statements for another database
 * that then returns the same rows, column names, value types and order on the same data: one typed tree, printed in
 * the target's {@link SqlDialect}. A statement that cannot be carried over exactly is
 * {@link Translation.Untranslatable}.
 */
public final class SqliteTranslator {
    private SqliteTranslator() {}

    /**
     * Translates one statement, using its tree if it was parsed already.
     *
     * @param statement the SQLite statement
     * @param schema the tables it may read, as the target names them
     * @param realSums how its sums of reals are added
     * @param dialect the target
     * @return the statement in the target's dialect, or why there is none
     */
    public static Translation translate(
            SqliteStatement statement, SchemaLookup schema, RealSums realSums, SqlDialect dialect) {
        requireNonNull(statement, "statement is null");
        requireNonNull(schema, "schema is null");
        requireNonNull(realSums, "realSums is null");
        requireNonNull(dialect, "dialect is null");
        if (!(statement.parse() instanceof SqliteStatement.Tree tree)) {
            return new Translation.Untranslatable("not in the translated SQL subset: "
                    + ((SqliteStatement.OutsideSubset) statement.parse()).reason());
        }
        if (ResultNames.capturesAName(tree.statement(), statement.source())) {
            return new Translation.Untranslatable("a result column named by its written text, which prints"
                    + " otherwise, has the name of a column the statement reads; give it an alias");
        }
        try {
            Translation.Translated translated = new StatementTranslator(schema, realSums, dialect)
                    .statement(ResultNames.explicit(tree.statement(), statement.source()));
            return new Translation.Translated(
                    translated.sql(), translated.columns(), translated.sumsReals(), translated.rows());
        } catch (Refusal refusal) {
            return new Translation.Untranslatable(refusal.getMessage());
        }
    }
}
