package io.tablequery.dialects.sql;

/** The statement is not in the SQL subset the parser reads; the message says where and what was found. */
public final class SqlSyntaxException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /**
     * Creates the exception.
     *
     * @param message what was expected and found, and where
     */
    public SqlSyntaxException(String message) {
        super(message);
    }
}
