package io.tablequery.spark.run;

import static io.tablequery.dialects.SqlIdentifiers.quote;

import io.tablequery.dialects.translate.SparkSqlDialect;
import io.tablequery.engine.error.EngineException;
import io.tablequery.engine.exec.CitationNotices;
import io.tablequery.engine.exec.CitationRanges;
import io.tablequery.engine.exec.Citations;
import io.tablequery.engine.exec.FinalTable;
import io.tablequery.engine.plan.PlanErrorCode;
import io.tablequery.engine.plan.ValidatedStep;
import io.tablequery.engine.provenance.LineageQuery;
import io.tablequery.engine.provenance.RowProvenance;
import io.tablequery.engine.result.ArrowRows;
import io.tablequery.engine.result.ArrowStreams;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Observation;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.functions;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import scala.concurrent.Await;
import scala.concurrent.duration.FiniteDuration;

/**
 * A final table on Spark: a cached step view, or the query of a final step no later step reads, read in the order
 * its step made its rows. Counting reads the rows the caller wants next in the same job (ordered, {@code LIMIT} one
 * past them) and keeps them, while an observation counts every row on its way into the sort, so that any table is
 * counted and shown from one run of its query. Should Spark report no count, a {@code count(*)} runs. Joined and
 * aggregated rows are read with their hidden columns, from which {@link SparkLineage} lists their source rows.
 */
final class SparkFinalTable implements FinalTable {
    private static final String ORDER = quote(SparkSqlDialect.ORDER_COLUMN);
    private static final FiniteDuration OBSERVATION_WAIT = FiniteDuration.apply(5, TimeUnit.SECONDS);
    /** How many rows of an Arrow download are cited at a time. */
    private static final int CITED_PER_LISTING = 10_000;
    /** The most rows whose lineage one download lists. */
    private static final long LINEAGE_ROWS = 100_000;

    private final SparkStatements statements;
    private final ValidatedStep step;
    private final String relation;
    private final List<String> columns;
    private final List<String> hidden;
    private final SparkLineage lineage;
    private List<Row> fetched = List.of();
    private List<Row> cited;
    private long fetchedFor = -1;
    private Observation counted;
    private String notice;

    /**
     * Reads a final table.
     *
     * @param statements the run's statements
     * @param step the final step
     * @param relation the table as Spark SQL names it
     * @param columns its visible columns
     * @param hidden its hidden columns
     * @param lineage how its rows' source rows are listed, or null when they are not
     * @param missing why rows that carry lineage have none here, or null
     */
    SparkFinalTable(
            SparkStatements statements,
            ValidatedStep step,
            String relation,
            List<String> columns,
            List<String> hidden,
            SparkLineage lineage,
            String missing) {
        this.statements = statements;
        this.step = step;
        this.relation = relation;
        this.columns = columns;
        this.hidden = hidden;
        this.lineage = lineage;
        this.notice = missing;
    }

    @Override
    public Optional<String> citationNotice() {
        return Optional.ofNullable(notice);
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
            if (cited == null) {
                cited = listsLineage() ? cite(rows, rows.get(0).schema()) : rows;
            }
            rows = cited;
            SparkRows.stream(
                    shownSchema(fetched.get(0).schema()),
                    rows.subList(0, (int) Math.min(maxRows, rows.size())).iterator(),
                    allocator,
                    batchRows,
                    consumer);
        }
    }

    /**
     * {@inheritDoc} The rows whose lineage is listed are read first and handed back to the cluster, so at most
     * {@value #LINEAGE_ROWS} at once.
     */
    @Override
    public ArrowStreams.Written writeLineage(long maxRows, OutputStream out) {
        if (lineage == null) {
            return noLineage(out);
        }
        long rows = Math.min(maxRows, LINEAGE_ROWS + 1);
        List<Row> read = run(spark -> spark.sql(read(true) + " LIMIT " + rows).collectAsList());
        if (read.size() > LINEAGE_ROWS) {
            throw new EngineException(
                    PlanErrorCode.ENGINE_NOT_AVAILABLE,
                    ("Spark lists the lineage of at most %,d rows at once and the table has more; ask for at most"
                                    + " %d rows (maxRows), or download it with the engine sqlite or duckdb")
                            .formatted(LINEAGE_ROWS, LINEAGE_ROWS));
        }
        if (read.isEmpty()) {
            return noLineage(out);
        }
        return lineage.download(read, tableColumns(read.get(0).schema()), out);
    }

    /** Writes a lineage of no rows. */
    private ArrowStreams.Written noLineage(OutputStream out) {
        return run(spark -> {
            Dataset<Row> none = spark.sql(CitationRanges.download(LineageQuery.NONE, 0, "STRING"));
            return SparkRows.write(none.schema(), List.<Row>of().iterator(), 0, out);
        });
    }

    /** {@inheritDoc} Joined and aggregated rows are cited {@value #CITED_PER_LISTING} at a time as they are read. */
    @Override
    public ArrowStreams.Written writeArrow(long maxRows, OutputStream out) {
        return run(spark -> {
            Dataset<Row> rows =
                    spark.sql(read(listsLineage()) + (maxRows == Long.MAX_VALUE ? "" : " LIMIT " + (maxRows + 1)));
            Iterator<Row> iterator = rows.toLocalIterator();
            try {
                StructType shown = shownSchema(rows.schema());
                Iterator<Row> cited = listsLineage() ? new CitedRows(iterator, rows.schema()) : iterator;
                return SparkRows.write(shown, cited, maxRows, out);
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
     * more; read once for the largest count asked. Rows whose citations are listed from their lineage come with their
     * hidden columns and cite their sheets until {@link #stream} cites them: comparing engines reads only the values.
     */
    private List<Row> fetch(long rows) {
        boolean whole = fetchedFor >= 0 && fetched.size() <= fetchedFor;
        if (rows > fetchedFor && !whole) {
            int limit = (int) Math.min(rows + 1, Integer.MAX_VALUE);
            Observation observation = new Observation();
            List<Row> read = run(spark -> spark.sql("SELECT * FROM " + relation)
                    .observe(observation, functions.count(functions.lit(1)))
                    .orderBy(functions.col(SparkSqlDialect.ORDER_COLUMN))
                    .limit(limit)
                    .selectExpr(readColumns(listsLineage()))
                    .collectAsList());
            fetched = read;
            cited = null;
            fetchedFor = rows;
            counted = observation;
        }
        return fetched;
    }

    /** Whether the rows' citations are listed from their lineage, rather than made in SQL. */
    private boolean listsLineage() {
        return lineage != null && !(step.provenance() instanceof RowProvenance) && notice == null;
    }

    /**
     * The rows with their citations listed from their lineage in place of their sheets, and without their hidden
     * columns; when the listing fails or takes too long, the rows cite their sheets and the notice says why.
     */
    private List<Row> cite(List<Row> read, StructType schema) {
        Map<Long, String> citations;
        try {
            citations = lineage.cite(read, tableColumns(schema));
        } catch (EngineException e) {
            notice = e.getErrorCode().equals(PlanErrorCode.QUERY_TIMEOUT.toErrorCode())
                    ? CitationNotices.tooLong(step.step().step(), statements.timeout())
                    : CitationNotices.unlisted(step.step().step(), e.getMessage());
            citations = Map.of();
        }
        String sheets = Citations.sheets(step.provenance());
        List<Row> cited = new ArrayList<>(read.size());
        for (int i = 0; i < read.size(); i++) {
            Row row = read.get(i);
            Object[] values = new Object[columns.size() + 1];
            for (int c = 0; c < columns.size(); c++) {
                values[c] = row.isNullAt(c) ? null : row.get(c);
            }
            values[columns.size()] = citations.getOrDefault(i + 1L, sheets);
            cited.add(RowFactory.create(values));
        }
        return cited;
    }

    /** The schema of the rows results show: the visible columns and the citation. */
    private StructType shownSchema(StructType read) {
        return DataTypes.createStructType(Arrays.copyOf(read.fields(), columns.size() + 1));
    }

    /** The step table's columns in a row read with its hidden columns: the visible ones, then the hidden ones. */
    private SparkLineage.TableColumns tableColumns(StructType read) {
        List<StructField> fields = new ArrayList<>();
        List<Integer> positions = new ArrayList<>();
        for (int i = 0; i < read.fields().length; i++) {
            if (i != columns.size()) {
                fields.add(read.fields()[i]);
                positions.add(i);
            }
        }
        return new SparkLineage.TableColumns(fields, positions);
    }

    /** Cites the rows of an iterator a batch at a time, as they are read. */
    private final class CitedRows implements Iterator<Row> {
        private final Iterator<Row> rows;
        private final StructType schema;
        private Iterator<Row> batch = Collections.emptyIterator();

        CitedRows(Iterator<Row> rows, StructType schema) {
            this.rows = rows;
            this.schema = schema;
        }

        @Override
        public boolean hasNext() {
            return batch.hasNext() || rows.hasNext();
        }

        @Override
        public Row next() {
            if (!batch.hasNext()) {
                List<Row> read = new ArrayList<>();
                while (read.size() < CITED_PER_LISTING && rows.hasNext()) {
                    read.add(rows.next());
                }
                batch = cite(read, schema).iterator();
            }
            return batch.next();
        }
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

    /** The visible columns, the citation, then, with {@code withHidden}, the hidden columns. */
    private String[] readColumns(boolean withHidden) {
        List<String> expressions = new ArrayList<>();
        columns.forEach(column -> expressions.add(quote(column)));
        expressions.add(Citations.column(step, "STRING"));
        if (withHidden) {
            hidden.forEach(column -> expressions.add(quote(column)));
        }
        return expressions.toArray(String[]::new);
    }

    /** The query that reads the table's rows in order, as {@link #readColumns} lists them. */
    private String read(boolean withHidden) {
        return "SELECT " + String.join(", ", readColumns(withHidden)) + " FROM " + relation + " ORDER BY " + ORDER;
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
    static void release(Iterator<Row> iterator) {
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
}
