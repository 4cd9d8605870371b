package io.tablequery.benchmarks;

import io.tablequery.dialects.SqliteAffinity;
import io.tablequery.dialects.translate.ColumnSchema;
import io.tablequery.dialects.translate.SchemaLookup;
import io.tablequery.dialects.translate.SqlType;
import io.tablequery.dialects.translate.SqliteToDuckDb;
import io.tablequery.dialects.translate.TableSchema;
import io.tablequery.dialects.translate.Translation;
import io.trino.tpch.TpchColumn;
import io.trino.tpch.TpchTable;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * JMH: the time to translate one statement, sampled per call over PyDough's TPC-H queries (CTEs, joins, windows,
 * dates), parse to printed DuckDB SQL.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class TranslateBenchmark {
    private List<String> statements;
    private SchemaLookup schema;
    private int next;

    /** Reads the statements and builds the TPC-H schema. */
    @Setup
    public void setUp() {
        statements =
                new ArrayList<>(PyDoughQueries.tpch(PyDoughQueries.corpora(Path.of(System.getProperty("tq.home", "."))))
                        .values());
        schema = tpchSchema();
    }

    /**
     * Translates the next statement.
     *
     * @return the translation, so the JIT cannot drop the work
     */
    @Benchmark
    public Translation translate() {
        String sql = statements.get(next);
        next = (next + 1) % statements.size();
        return SqliteToDuckDb.translate(sql, schema);
    }

    /** The TPC-H tables as the generator defines them, typed as {@link TpchSqlite} stores them. */
    static SchemaLookup tpchSchema() {
        Map<String, TableSchema> tables = new HashMap<>();
        for (TpchTable<?> table : TpchTable.getTables()) {
            List<ColumnSchema> columns = new ArrayList<>();
            for (TpchColumn<?> column : table.getColumns()) {
                SqlType type =
                        switch (column.getType().getBase()) {
                            case INTEGER, IDENTIFIER -> SqlType.INTEGER;
                            case DOUBLE -> SqlType.REAL;
                            default -> SqlType.TEXT;
                        };
                SqliteAffinity affinity = type == SqlType.INTEGER
                        ? SqliteAffinity.INTEGER
                        : type == SqlType.REAL ? SqliteAffinity.REAL : SqliteAffinity.TEXT;
                columns.add(new ColumnSchema(column.getColumnName(), type, affinity));
            }
            tables.put(
                    table.getTableName(),
                    TableSchema.stored(table.getTableName(), "\"" + table.getTableName() + "\"", columns, "rowid"));
        }
        return (schemaName, name) -> Optional.ofNullable(tables.get(name.toLowerCase(Locale.ROOT)));
    }
}
