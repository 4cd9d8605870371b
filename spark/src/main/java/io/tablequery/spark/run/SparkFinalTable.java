package io.tablequery.spark.run;

import static io.tablequery.dialects.SqlIdentifiers.quote;

import io.tablequery.dialects.translate.SparkSqlDialect;
import io.tablequery.engine.error.EngineException;
import io.tablequery.engine.exec.Citations;
import io.tablequery.engine.exec.FinalTable;
import io.tablequery.engine.plan.PlanErrorCode;
import io.tablequery.engine.plan.ValidatedStep;
import io.tablequery.engine.provenance.RowProvenance;
import io.tablequery.engine.provenance.SheetProvenance;
import io.tablequery.engine.result.ArrowRows;
import io.tablequery.engine.result.ArrowStreams;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Observation;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.functions;
import scala.concurrent.Await;
import scala.concurrent.duration.FiniteDuration;

/**
 * A final table on Spark: a cached step view, or the query of a final step no later step reads, read in the order
 * its step made its rows. Counting reads the rows the caller wants next in the same job (ordered, {@code LIMIT} one
 * past them) and keeps them, while an observation counts every row on its way into the sort, so that any table is
 * counted and shown from one run of its query. Should Spark report no count, a {@code count(*)} runs.
 */
final class SparkFinalTable implements FinalTable {
    private static final String ORDER = quote(SparkSqlDialect.ORDER_COLUMN);
    private static final FiniteDuration OBSERVATION_WAIT = FiniteDuration.apply(5, TimeUnit.SECONDS);

    private final SparkStatements statements;
    private final ValidatedStep step;
    private final String relation;
    private final List<String> columns;
    private List<Row> fetched = List.of();
    private long fetchedFor = -1;
    private Observation counted;

    SparkFinalTable(SparkStatements statements, ValidatedStep step, String relation, List<String> columns) {
        this.statements = statements;
        this.step = step;
        this.relation = relation;
        this.columns = columns;
    }

    /** {@inheritDoc} Spark cites joined and aggregated rows by their sheets: it does not list their source rows. */
    @Override
    public Optional<String> citationNotice() {
        if (step.provenance() instanceof RowProvenance || step.provenance() instanceof SheetProvenance) {
            return Optional.empty();
        }
        return Optional.of(("the rows of step %d cite whole sheets on Spark, which does not list the source rows of"
                        + " joined or aggregated rows; run the plan with --engine sqlite or duckdb for row citations")
                .formatted(step.step().step()));
    }

    @Override
    public List<String> columns() {
        return columns;
    }

    @Override
    public long rowCount(long reading) {
        List<Row> rows = fetch(reading);
        if (rows.size() <= reading) {
            return rows.size();
        }
        long observed = counted == null ? -1 : observed(counted);
        if (observed >= 0) {
            return observed;
        }
        return run(spark -> spark.sql("SELECT count(*) FROM " + relation)
                .collectAsList()
                .get(0)
                .getLong(0));
    }

    @Override
    public void stream(long maxRows, BufferAllocator allocator, int batchRows, ArrowRows.BatchConsumer consumer) {
        List<Row> rows = fetch(maxRows);
        if (!rows.isEmpty()) {
            SparkRows.stream(
                    rows.get(0).schema(),
                    rows.subList(0, (int) Math.min(maxRows, rows.size())).iterator(),
                    allocator,
                    batchRows,
                    consumer);
        }
    }

    /** {@inheritDoc} Spark's step tables have no row numbers to list lineage by. */
    @Override
    public ArrowStreams.Written writeLineage(long maxRows, OutputStream out) {
        throw new EngineException(
                PlanErrorCode.ENGINE_NOT_AVAILABLE,
                "Spark does not list a table's lineage; download it with the engine sqlite or duckdb");
    }

    @Override
    public ArrowStreams.Written writeArrow(long maxRows, OutputStream out) {
        return run(spark -> {
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
        List<Row> rows = fetch(maxRows);
        List<List<Object>> values = new ArrayList<>();
        for (Row row : rows.subList(0, Math.min(maxRows, rows.size()))) {
            values.add(SparkRows.values(row, columns.size()));
        }
        return values;
    }

    /**
     * The first rows with their citations, one past the given count so that a caller can tell whether there are
     * more; read once for the largest count asked.
     */
    private List<Row> fetch(long rows) {
        boolean whole = fetchedFor >= 0 && fetched.size() <= fetchedFor;
        if (rows > fetchedFor && !whole) {
            int limit = (int) Math.min(rows + 1, Integer.MAX_VALUE);
            Observation observation = new Observation();
            fetched = run(spark -> spark.sql("SELECT * FROM " + relation)
                    .observe(observation, functions.count(functions.lit(1)))
                    .orderBy(functions.col(SparkSqlDialect.ORDER_COLUMN))
                    .limit(limit)
                    .selectExpr(citedColumns())
                    .collectAsList());
            fetchedFor = rows;
            counted = observation;
        }
        return fetched;
    }

    /**
     * The rows the observation counted as they went into the sort, every row of the table: the sort reads all its
     * input before the limit keeps the first. Spark hands the count over with the rows; should it not have, within a
     * few seconds, -1, and the caller counts apart.
     */
    private static long observed(Observation observation) {
        try {
            Row metrics = Await.result(observation.future(), OBSERVATION_WAIT);
            return metrics.length() == 1 && metrics.get(0) instanceof Long rows ? rows : -1;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return -1;
        } catch (Exception e) {
            // Not handed over in time (TimeoutException) or failed: the caller counts apart.
            return -1;
        }
    }

    private String[] citedColumns() {
        List<String> expressions = new ArrayList<>();
        columns.forEach(column -> expressions.add(quote(column)));
        expressions.add(Citations.column(step, "STRING"));
        return expressions.toArray(String[]::new);
    }

    /** Runs a read under the plan's time limit; its failure is the step's, as it may be the step's query's. */
    private <T> T run(Function<SparkSession, T> work) {
        return statements.run(step.step().step(), work);
    }

    /**
     * Lets go of a result iterator that may not have been read to its end: Spark Connect's holds Arrow buffers until
     * it is closed or read out. The queries read this way have a LIMIT a row past what is used, so reading the rest is
     * cheap.
     */
    private static void release(Iterator<Row> iterator) {
        if (iterator instanceof AutoCloseable closeable) {
            try {
                closeable.close();
            } catch (Exception e) {
                throw new IllegalStateException("could not let go of a Spark result", e);
            }
            return;
        }
        while (iterator.hasNext()) {
            iterator.next();
        }
    }

    private String cited() {
        return Citations.select(step, columns, relation, ORDER, "STRING");
    }
}
