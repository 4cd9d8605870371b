package io.tablequery.dialects.translate;

import java.util.List;

/** The pair's own DuckDB copy, with the translation to DuckDB. */
public final class DuckDbTarget implements QueryTarget {
    private EnginePair engines;

    /** A target to {@link #load} first. */
    public DuckDbTarget() {}

    /**
     * A target over a pair whose tables are copied already.
     *
     * @param engines the pair
     */
    public DuckDbTarget(EnginePair engines) {
        this.engines = engines;
    }

    @Override
    public String name() {
        return "DuckDB";
    }

    @Override
    public void load(EnginePair pair) throws Exception {
        this.engines = pair;
        pair.copyTables();
    }

    @Override
    public Translation translate(String sql) {
        return SqliteToDuckDb.translate(sql, engines.schema());
    }

    @Override
    public EnginePair.Rows query(String sql) throws Exception {
        return EnginePair.query(engines.duckdb, sql);
    }

    @Override
    public void created(String table, List<ColumnSchema> columns) {
        engines.addTempTable(table, columns);
    }
}
