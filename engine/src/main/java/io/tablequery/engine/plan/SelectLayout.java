package io.tablequery.engine.plan;

/**
 * Where the parts of a step's top-level {@code SELECT} lie in the step's SQL, found from SQLite's tokens.
 *
 * @param selectListEnd the offset just after the select list, where hidden columns can be added
 * @param fromStart the offset of the first character after {@code FROM}
 * @param fromEnd the offset just after the {@code FROM} clause's last token
 */
public record SelectLayout(int selectListEnd, int fromStart, int fromEnd) {
    public SelectLayout {
        if (selectListEnd < 0 || fromStart < selectListEnd || fromEnd < fromStart) {
            throw new IllegalArgumentException("bad layout %d, %d..%d".formatted(selectListEnd, fromStart, fromEnd));
        }
    }

    /**
     * Returns the text of the {@code FROM} clause, without the word.
     *
     * @param sql the step's SQL
     * @return the sources and their joins
     */
    public String from(String sql) {
        return sql.substring(fromStart, fromEnd);
    }
}
