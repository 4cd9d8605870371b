package io.tablequery.spark.run;

import static io.tablequery.dialects.SqlIdentifiers.quote;

import io.tablequery.engine.exec.CitationRanges;
import io.tablequery.engine.provenance.LineageQuery;
import io.tablequery.engine.provenance.LineageSql;
import io.tablequery.engine.provenance.SheetRef;
import io.tablequery.engine.result.ArrowStreams;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Lists the source rows of a final table's rows on Spark, whose step tables have no rowid: the rows to be cited, as
 * the client read them, go back to the cluster as a table of their own ({@link LineageSql#shownRows}, every column of
 * the step's table and the rows' numbers), which the translated lineage query reads in place of the step's table.
 * Rows find their groups by their keys, so the citations do not depend on Spark making a step's rows in the same
 * order twice. The lineage query's stages are cached views, dropped with the table of rows when the listing is read.
 */
final class SparkLineage {
    private static final Logger LOG = LoggerFactory.getLogger(SparkLineage.class);

    private final SparkStatements statements;
    private final int step;
    private final String table;
    private final LineageQuery query;
    private final int ranges;

    /**
     * Lists a table's lineage.
     *
     * @param statements the run's statements
     * @param step the final step
     * @param table its table's name
     * @param query its lineage query in Spark SQL
     * @param ranges the most ranges one citation shows
     */
    SparkLineage(SparkStatements statements, int step, String table, LineageQuery query, int ranges) {
        this.statements = statements;
        this.step = step;
        this.table = table;
        this.query = query;
        this.ranges = ranges;
    }

    /**
     * Cites rows read from the table.
     *
     * @param rows the rows, in order, numbered from 1
     * @param columns the step table's columns and where each row holds them
     * @return each row's citation by number; rows no source row made are absent
     */
    Map<Long, String> cite(List<Row> rows, TableColumns columns) {
        Map<Long, String> citations = new HashMap<>();
        if (rows.isEmpty()) {
            return citations;
        }
        String windowed = CitationRanges.windowed(CitationRanges.listed(query, rows.size(), null), null, ranges);
        List<Row> listed = withRows(rows, columns, spark -> spark.sql(windowed).collectAsList());
        CitationRanges cited = new CitationRanges();
        for (Row row : listed) {
            cited.add(
                    number(row, 0),
                    new SheetRef((int) number(row, 1), (int) number(row, 2)),
                    number(row, 3),
                    number(row, 4),
                    number(row, 5));
        }
        cited.citeInto(citations);
        return citations;
    }

    /**
     * Writes the lineage of rows read from the table as the lineage download lists it.
     *
     * @param rows the rows, in order, numbered from 1
     * @param columns the step table's columns and where each row holds them
     * @param out where the Arrow stream goes
     * @return the lineage rows written
     */
    ArrowStreams.Written download(List<Row> rows, TableColumns columns, OutputStream out) {
        String select = CitationRanges.download(query, rows.size(), "STRING");
        return withRows(rows, columns, spark -> {
            Dataset<Row> lineage = spark.sql(select);
            Iterator<Row> iterator = lineage.toLocalIterator();
            try {
                return SparkRows.write(lineage.schema(), iterator, Long.MAX_VALUE, out);
            } finally {
                SparkFinalTable.release(iterator);
            }
        });
    }

    /** Runs work with the rows' table and the query's stages on the cluster, and drops them after. */
    private <T> T withRows(List<Row> rows, TableColumns columns, Function<SparkSession, T> work) {
        String shown = quote(LineageSql.shownRows(table));
        List<String> made = new ArrayList<>();
        try {
            made.add(shown);
            statements.run(step, spark -> {
                spark.createDataFrame(numbered(rows, columns), columns.shownSchema())
                        .createOrReplaceTempView(backticked(LineageSql.shownRows(table)));
                return null;
            });
            for (LineageQuery.Stage stage : query.stages()) {
                String view = quote(stage.table());
                made.add(view);
                String sql = "CREATE OR REPLACE TEMP VIEW " + view + " AS SELECT * FROM (" + stage.sql() + ") AS x"
                        + (stage.shownRowsOnly() ? " WHERE o <= " + rows.size() : "");
                statements.run(step, spark -> spark.sql(sql).collectAsList());
                statements.run(step, spark -> spark.sql("CACHE TABLE " + view).collectAsList());
            }
            return statements.run(step, work);
        } finally {
            drop(made);
        }
    }

    /**
     * Drops the views made, their caches first; a view that cannot be dropped (past the time limit, or the session is
     * gone) stays in its session, said in the log, until a later listing of the same table replaces it or the
     * session closes.
     */
    private void drop(List<String> views) {
        for (int i = views.size() - 1; i >= 0; i--) {
            String view = views.get(i);
            try {
                statements.run(step, spark -> spark.sql("UNCACHE TABLE IF EXISTS " + view)
                        .collectAsList());
                statements.run(
                        step, spark -> spark.sql("DROP VIEW IF EXISTS " + view).collectAsList());
            } catch (RuntimeException e) {
                LOG.warn("could not drop the lineage view {}, left in its session: {}", view, e.getMessage());
            }
        }
    }

    /** The rows as the rows' table holds them: their number from 1, then the step table's columns. */
    private static List<Row> numbered(List<Row> rows, TableColumns columns) {
        List<Row> numbered = new ArrayList<>(rows.size());
        long number = 0;
        for (Row row : rows) {
            Object[] values = new Object[columns.positions().size() + 1];
            values[0] = ++number;
            for (int c = 0; c < columns.positions().size(); c++) {
                int at = columns.positions().get(c);
                values[c + 1] = row.isNullAt(at) ? null : row.get(at);
            }
            numbered.add(RowFactory.create(values));
        }
        return numbered;
    }

    private static long number(Row row, int column) {
        return ((Number) row.get(column)).longValue();
    }

    /** A name as Spark's view API parses it: in backticks, each backtick doubled. */
    private static String backticked(String name) {
        return "`" + name.replace("`", "``") + "`";
    }

    /**
     * The step table's columns, and where a row read from it holds each.
     *
     * @param fields each column's name and type
     * @param positions the index of each column in a row
     */
    record TableColumns(List<StructField> fields, List<Integer> positions) {
        TableColumns {
            fields = List.copyOf(fields);
            positions = List.copyOf(positions);
        }

        /** The schema of the rows' table: their number, then the columns. */
        StructType shownSchema() {
            List<StructField> shown = new ArrayList<>();
            shown.add(DataTypes.createStructField(LineageSql.SHOWN_ROW, DataTypes.LongType, false));
            for (StructField field : fields) {
                shown.add(DataTypes.createStructField(field.name(), field.dataType(), true));
            }
            return DataTypes.createStructType(shown);
        }
    }
}
