package io.tablequery.spark.run;

import static io.tablequery.dialects.SqlIdentifiers.quote;

import io.tablequery.dialects.translate.SparkSqlDialect;
import io.tablequery.engine.error.EngineException;
import io.tablequery.engine.error.HostPaths;
import io.tablequery.engine.exec.Citations;
import io.tablequery.engine.exec.FinalTable;
import io.tablequery.engine.plan.PlanErrorCode;
import io.tablequery.engine.plan.PlanValidator;
import io.tablequery.engine.plan.ValidatedStep;
import io.tablequery.engine.result.ArrowRows;
import io.tablequery.engine.result.ArrowStreams;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.StringJoiner;
import java.util.concurrent.Callable;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.StructField;

/** A final table cached in a Spark Connect session, read in the order its step made its rows. */
final class SparkFinalTable implements FinalTable {
    private static final String ORDER = quote(SparkSqlDialect.ORDER_COLUMN);

    private final SparkSession spark;
    private final ValidatedStep step;
    private final List<String> columns;

    SparkFinalTable(SparkSession spark, ValidatedStep step) {
        this.spark = spark;
        this.step = step;
        this.columns = read(() -> {
            List<String> visible = new ArrayList<>();
            for (StructField field : spark.table(table()).schema().fields()) {
                if (!field.name().toLowerCase(Locale.ROOT).startsWith(PlanValidator.HIDDEN_PREFIX)) {
                    visible.add(field.name());
                }
            }
            return List.copyOf(visible);
        });
    }

    @Override
    public List<String> columns() {
        return columns;
    }

    @Override
    public long rowCount() {
        return read(() -> spark.sql("SELECT count(*) FROM " + table())
                .collectAsList()
                .get(0)
                .getLong(0));
    }

    @Override
    public void stream(long maxRows, BufferAllocator allocator, int batchRows, ArrowRows.BatchConsumer consumer) {
        read(() -> {
            Dataset<Row> rows = spark.sql(cited() + " LIMIT " + maxRows);
            Iterator<Row> iterator = rows.toLocalIterator();
            try {
                SparkRows.stream(rows.schema(), iterator, allocator, batchRows, consumer);
            } finally {
                release(iterator);
            }
            return null;
        });
    }

    @Override
    public ArrowStreams.Written writeArrow(long maxRows, OutputStream out) {
        return read(() -> {
            Dataset<Row> rows = spark.sql(cited() + (maxRows == Long.MAX_VALUE ? "" : " LIMIT " + (maxRows + 1)));
            Iterator<Row> iterator = rows.toLocalIterator();
            try {
                return SparkRows.write(rows.schema(), iterator, maxRows, out);
            } finally {
                release(iterator);
            }
        });
    }

    @Override
    public List<List<Object>> values(int maxRows) {
        if (columns.isEmpty()) {
            return List.of();
        }
        StringJoiner select =
                new StringJoiner(", ", "SELECT ", " FROM " + table() + " ORDER BY " + ORDER + " LIMIT " + maxRows);
        columns.forEach(column -> select.add(quote(column)));
        return read(() -> {
            List<List<Object>> rows = new ArrayList<>();
            spark.sql(select.toString()).toLocalIterator().forEachRemaining(row -> rows.add(SparkRows.values(row)));
            return rows;
        });
    }

    /**
     * Lets go of a result iterator that may not have been read to its end: Spark Connect's holds Arrow buffers until
     * it is closed or read out. The queries read this way have a LIMIT a row past what is used, so reading the rest is
     * cheap.
     */
    private static void release(Iterator<Row> iterator) throws Exception {
        if (iterator instanceof AutoCloseable closeable) {
            closeable.close();
            return;
        }
        while (iterator.hasNext()) {
            iterator.next();
        }
    }

    private String cited() {
        return Citations.select(step, columns, table(), ORDER, "STRING");
    }

    private String table() {
        return quote(step.step().destineTableName());
    }

    /** Reads from Spark, any failure of Spark's (its analysis errors are checked exceptions to Java) made ours. */
    private static <T> T read(Callable<T> work) {
        try {
            return work.call();
        } catch (EngineException e) {
            throw e;
        } catch (Exception e) {
            String message = e.getMessage() == null
                    ? e.toString()
                    : e.getMessage().lines().findFirst().orElse("").strip();
            throw new EngineException(
                    PlanErrorCode.EXECUTION_FAILED,
                    "could not read the results from Spark: " + HostPaths.scrub(message),
                    e);
        }
    }
}
