package io.tablequery.dialects.translate;

/**
 * A database the translator prints SQLite's statements for. The translator decides every question of SQLite's
 * semantics once (affinity, integer division, NULL order, LIKE folding, dates) on the typed tree; a dialect only says
 * how the target spells what was decided, and which constructs it cannot spell, so that one tree prints for every
 * target (as Calcite's {@code SqlDialect} lets one plan be unparsed for many databases).
 */
public interface SqlDialect {
    /**
     * Returns the dialect's name, as refusals and notices say it.
     *
     * @return the name, such as {@code DuckDB}
     */
    String name();
}
