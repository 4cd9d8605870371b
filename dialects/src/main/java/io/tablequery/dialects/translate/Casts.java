package io.tablequery.dialects.translate;

import io.tablequery.dialects.SqliteAffinity;

/**
 * {@code CAST(x AS type)} with SQLite's semantics: the type name gives an affinity, text is read by its numeric
 * prefix, reals are truncated, and the result has the type's affinity.
 */
final class Casts {
    private static final String INTEGER_PREFIX = "^\\s*([+-]?[0-9]+)";

    private Casts() {}

    static Typed cast(Typed raw, String typeName, SqlDialect dialect) {
        SqliteAffinity affinity = SqliteAffinity.of(typeName);
        Typed value = ExpressionTranslator.value(raw);
        if (value.isNullLiteral()) {
            return Typed.nullValue().withAffinity(affinity);
        }
        Typed cast =
                switch (affinity) {
                    case INTEGER -> toInteger(value, dialect);
                    case REAL -> toReal(value, dialect);
                    case TEXT -> ExpressionTranslator.text(value, dialect);
                    case NUMERIC -> toNumeric(value);
                    case BLOB, NONE -> toBlob(value, dialect);
                };
        return cast.withAffinity(affinity);
    }

    private static Typed toInteger(Typed value, SqlDialect dialect) {
        switch (value.type()) {
            case INTEGER:
                return value;
            case REAL:
                if (value.constant() instanceof Double d && SqliteNumbers.isIntegral(Math.floor(Math.abs(d)))) {
                    return Typed.constant((long) (double) d);
                }
                return Typed.of(dialect.truncateToInteger(value.sql()), SqlType.INTEGER);
            case TEXT:
                if (value.isConstant()) {
                    return Typed.constant(SqliteNumbers.integerPrefix((String) value.constant()));
                }
                return Typed.of(
                        ExpressionTranslator.prefix(value.sql(), INTEGER_PREFIX, "BIGINT", dialect), SqlType.INTEGER);
            default:
                throw new Refusal("a blob cast to an integer");
        }
    }

    private static Typed toReal(Typed value, SqlDialect dialect) {
        switch (value.type()) {
            case REAL:
                return value;
            case INTEGER:
                if (value.constant() instanceof Long l) {
                    return Typed.constant((double) l);
                }
                return Typed.of("CAST(" + value.sql() + " AS DOUBLE)", SqlType.REAL);
            case TEXT:
                if (value.isConstant()) {
                    return Typed.constant(
                            SqliteNumbers.prefix((String) value.constant()).doubleValue());
                }
                return Typed.of(ExpressionTranslator.numericText(value.sql(), dialect), SqlType.REAL);
            default:
                throw new Refusal("a blob cast to a real");
        }
    }

    private static Typed toNumeric(Typed value) {
        switch (value.type()) {
            case INTEGER:
                return value;
            case REAL:
                if (value.constant() instanceof Double d) {
                    return SqliteNumbers.isIntegral(d) ? Typed.constant((long) (double) d) : value;
                }
                throw new Refusal("a real cast to NUMERIC, which SQLite turns into an integer when it is whole");
            case TEXT:
                if (value.isConstant()) {
                    Number number = SqliteNumbers.prefix((String) value.constant());
                    if (number instanceof Double d && SqliteNumbers.isIntegral(d)) {
                        return Typed.constant((long) (double) d);
                    }
                    return Typed.constant(number);
                }
                throw new Refusal("text cast to NUMERIC, which gives an integer or a real row by row");
            default:
                throw new Refusal("a blob cast to NUMERIC");
        }
    }

    private static Typed toBlob(Typed value, SqlDialect dialect) {
        if (value.type() == SqlType.BLOB) {
            return value;
        }
        if (value.type() == SqlType.TEXT) {
            if (!dialect.has(SqlDialect.Feature.BLOBS)) {
                throw new Refusal("a cast to a blob has no exact " + dialect.name() + " counterpart");
            }
            return Typed.of("encode(" + value.sql() + ")", SqlType.BLOB);
        }
        throw new Refusal("a number cast to a blob");
    }
}
