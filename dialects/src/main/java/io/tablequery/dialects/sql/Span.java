package io.tablequery.dialects.sql;

/**
 * Where a node was written in the statement's text.
 *
 * @param start the offset of its first character
 * @param end the offset just after its last character
 */
public record Span(int start, int end) {
    public Span {
        if (start < 0 || end < start) {
            throw new IllegalArgumentException("bad span %d..%d".formatted(start, end));
        }
    }

    /**
     * Returns the text this span covers.
     *
     * @param sql the statement the span points into
     * @return the covered text
     */
    public String text(String sql) {
        return sql.substring(start, end);
    }
}
