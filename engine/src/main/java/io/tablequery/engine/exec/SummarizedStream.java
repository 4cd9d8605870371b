package io.tablequery.engine.exec;

import static io.tablequery.dialects.SqlIdentifiers.quote;

import io.tablequery.engine.provenance.LineageSummary;
import io.tablequery.engine.result.ArrowRows;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.StringJoiner;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.util.TransferPair;

/**
 * Reads a final step that runs with its groups' row summaries or lists ({@link LineageSummary}) straight from its
 * query, each shown row cited from the summary columns read beside it ({@link SummaryVectors}): the table is neither
 * written nor read back, and no second query cites it (TPC-H q13 at sf1, whose lists hold 1.5M R-numbers: writing
 * them into the step's table took 0.26 s of its 0.53 s). The shown rows are held until all are cited: when one cannot
 * be (its summary leaves its ranges unknown), nothing is handed on and the caller keeps the table and lists its rows.
 */
final class SummarizedStream {
    /** What {@link #read} answers when it could not cite every shown row and handed nothing on. */
    static final long NOT_CITED = -1;

    private static final String QUERY = quote("__tq_q");

    private SummarizedStream() {}

    /**
     * What a summarized stream reads.
     *
     * @param rows the step's query, its summary columns included
     * @param columns its shown columns
     * @param summary its summary columns
     * @param ranges the most ranges one citation shows
     * @param uncited the citation of a row of no source rows
     */
    record Source(String rows, List<String> columns, LineageSummary summary, int ranges, String uncited) {}

    /**
     * Reads the step's first rows, cited, and counts the rest up to the limit.
     *
     * @param statement the statement to run on
     * @param source what to read
     * @param maxRows the rows to hand on
     * @param limit the most rows to read, counting those past {@code maxRows}
     * @param allocator where the batches' memory comes from
     * @param batchRows rows per batch
     * @param consumer takes the cited batches, each with its {@code __src} last
     * @return the rows the query gave, at most {@code limit}; or {@link #NOT_CITED}
     * @throws SQLException when the engine fails the query
     */
    static long read(
            Statement statement,
            Source source,
            long maxRows,
            long limit,
            BufferAllocator allocator,
            int batchRows,
            ArrowRows.BatchConsumer consumer)
            throws SQLException {
        StringJoiner select =
                new StringJoiner(", ", "SELECT ", " FROM (" + source.rows() + ") AS " + QUERY + " LIMIT " + limit);
        source.columns().forEach(column -> select.add(QUERY + "." + quote(column)));
        source.summary().columns().forEach(column -> select.add(QUERY + "." + quote(column.name())));
        int shown = source.columns().size();
        SummaryVectors summaries = new SummaryVectors(source.summary(), source.ranges());
        Map<Long, String> citations = new HashMap<>();
        List<VectorSchemaRoot> held = new ArrayList<>();
        long[] read = {0};
        boolean[] cited = {true};
        try {
            boolean exported;
            try (ResultSet rs = statement.executeQuery(select.toString())) {
                exported = ArrowRows.streamExported(rs, shown, allocator, batchRows, batch -> {
                    long before = read[0];
                    read[0] += batch.getRowCount();
                    if (before < maxRows) {
                        int wanted = (int) Math.min(batch.getRowCount(), maxRows - before);
                        if (!summaries.cite(batch, shown, wanted, before + 1, citations)) {
                            cited[0] = false;
                            return false;
                        }
                        held.add(firstRows(batch, shown, wanted, allocator));
                    }
                    return true;
                });
            }
            if (!exported || !cited[0]) {
                return NOT_CITED;
            }
            long number = 1;
            for (VectorSchemaRoot batch : held) {
                long first = number;
                if (!CitedBatches.handOn(
                        batch.getFieldVectors(),
                        batch.getRowCount(),
                        row -> citations.getOrDefault(first + row, source.uncited()),
                        allocator,
                        consumer)) {
                    break;
                }
                number += batch.getRowCount();
            }
            return read[0];
        } finally {
            held.forEach(VectorSchemaRoot::close);
        }
    }

    /** A batch's first rows of its shown columns, kept past the batch (the reader reuses its vectors). */
    private static VectorSchemaRoot firstRows(VectorSchemaRoot batch, int shown, int rows, BufferAllocator allocator) {
        List<FieldVector> vectors = new ArrayList<>();
        for (int i = 0; i < shown; i++) {
            TransferPair pair = batch.getVector(i).getTransferPair(allocator);
            pair.splitAndTransfer(0, rows);
            vectors.add((FieldVector) pair.getTo());
        }
        return new VectorSchemaRoot(vectors.stream().map(FieldVector::getField).toList(), vectors, rows);
    }
}
