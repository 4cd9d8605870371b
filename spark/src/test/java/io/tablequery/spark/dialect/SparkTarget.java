package io.tablequery.spark.dialect;

import static io.tablequery.dialects.SqlIdentifiers.quote;

import io.tablequery.dialects.SqlIdentifiers;
import io.tablequery.dialects.sql.SqliteStatement;
import io.tablequery.dialects.translate.ColumnSchema;
import io.tablequery.dialects.translate.EnginePair;
import io.tablequery.dialects.translate.QueryTarget;
import io.tablequery.dialects.translate.RealSums;
import io.tablequery.dialects.translate.SchemaLookup;
import io.tablequery.dialects.translate.SparkSqlDialect;
import io.tablequery.dialects.translate.SqliteTranslator;
import io.tablequery.dialects.translate.TableSchema;
import io.tablequery.dialects.translate.Translation;
import io.tablequery.spark.SparkEngine;
import io.tablequery.spark.testing.SparkServers;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.StructField;

/**
 * Spark SQL through the test run's Spark Connect server, over Parquet copies of an {@link EnginePair}'s DuckDB
 * tables (which hold SQLite's values and rowid as the workspace exports do), with the translation to Spark SQL. Sums
 * of reals are translated as {@code auto} translates them, in SQLite's order of adding, which Spark SQL refuses: the
 * suites check answers that are SQLite's to the last digit.
 */
public final class SparkTarget implements QueryTarget, AutoCloseable {
    private final SparkSession spark;
    private final Path directory;
    private final Map<String, TableSchema> created = new HashMap<>();
    private EnginePair engines;
    private int generation;

    /**
     * Opens a Spark Connect session.
     *
     * @param directory where the Parquet copies go
     */
    public SparkTarget(Path directory) {
        this.directory = directory;
        this.spark = SparkEngine.session(SparkServers.address());
    }

    @Override
    public String name() {
        return "Spark";
    }

    @Override
    public void load(EnginePair pair) throws Exception {
        this.engines = pair;
        pair.copyTables();
        created.clear();
        Path files = Files.createDirectories(directory.resolve("g" + generation++));
        List<String> tables = new ArrayList<>();
        try (Statement statement = pair.duckdb.createStatement();
                ResultSet rs = statement.executeQuery(
                        "SELECT table_name FROM duckdb_tables() WHERE NOT temporary ORDER BY table_name")) {
            while (rs.next()) {
                tables.add(rs.getString(1));
            }
        }
        for (String table : tables) {
            Path file = files.resolve(table.toLowerCase(Locale.ROOT) + ".parquet");
            try (Statement statement = pair.duckdb.createStatement()) {
                statement.execute("COPY (SELECT * FROM " + quote(table) + ") TO "
                        + SqlIdentifiers.literal(file.toString()) + " (FORMAT parquet)");
            }
            spark.sql(
                    "CREATE OR REPLACE TEMP VIEW " + quote(table) + " AS SELECT * FROM parquet.`" + file.toUri() + "`");
        }
    }

    @Override
    public Translation translate(String sql) {
        SchemaLookup schema = (schemaName, name) -> {
            TableSchema step = created.get(name.toLowerCase(Locale.ROOT));
            return step != null ? Optional.of(step) : engines.schema().table(schemaName, name);
        };
        return SqliteTranslator.translate(SqliteStatement.of(sql), schema, RealSums.SQLITE, SparkSqlDialect.INSTANCE);
    }

    /**
     * Runs a SQLite statement on the pair's SQLite as written and here as translated, which it must be.
     *
     * @param sql SQLite SQL
     * @return how the answers differ, with both statements; null when they do not
     * @throws Exception when a statement fails
     */
    public String differenceFromSqlite(String sql) throws Exception {
        if (!(translate(sql) instanceof Translation.Translated translated)) {
            return "not translated: " + sql;
        }
        String difference = EnginePair.query(engines.sqlite, sql).difference(query(translated.sql()));
        return difference == null ? null : "%s%n  Spark SQL: %s%n  %s".formatted(sql, translated.sql(), difference);
    }

    @Override
    public EnginePair.Rows query(String sql) throws Exception {
        Dataset<Row> result = spark.sql(sql);
        if (sql.regionMatches(true, 0, "CREATE", 0, 6)) {
            return new EnginePair.Rows(List.of(), List.of());
        }
        List<String> names = new ArrayList<>();
        for (StructField field : result.schema().fields()) {
            names.add(field.name());
        }
        List<List<Object>> rows = new ArrayList<>();
        for (Row row : result.collectAsList()) {
            List<Object> values = new ArrayList<>();
            for (int i = 0; i < row.length(); i++) {
                values.add(EnginePair.normalize(row.isNullAt(i) ? null : row.get(i)));
            }
            rows.add(values);
        }
        return new EnginePair.Rows(names, rows);
    }

    @Override
    public void created(String table, List<ColumnSchema> columns) {
        created.put(table.toLowerCase(Locale.ROOT), TableSchema.created(table, quote(table), columns));
    }

    @Override
    public void close() throws IOException {
        spark.close();
    }
}
