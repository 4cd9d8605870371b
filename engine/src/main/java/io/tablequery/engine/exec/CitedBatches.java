package io.tablequery.engine.exec;

import io.tablequery.engine.result.ArrowRows;
import io.tablequery.engine.result.BatchText;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.IntFunction;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Field;

/**
 * Gives a final table's batches their {@code __src} column from citations read beforehand: each batch read with the
 * row's number as its last column is passed on with that column replaced by the row's citation, so the citations need
 * no temp table of their own and no join.
 */
final class CitedBatches implements ArrowRows.BatchConsumer {
    private final Map<Long, String> citations;
    private final String uncited;
    private final BufferAllocator allocator;
    private final ArrowRows.BatchConsumer consumer;

    /**
     * Passes batches on cited.
     *
     * @param citations each cited row's citation by row number
     * @param uncited the citation of a row the map has none for
     * @param allocator where the citation column's memory comes from
     * @param consumer takes the cited batches
     */
    CitedBatches(
            Map<Long, String> citations, String uncited, BufferAllocator allocator, ArrowRows.BatchConsumer consumer) {
        this.citations = citations;
        this.uncited = uncited;
        this.allocator = allocator;
        this.consumer = consumer;
    }

    @Override
    public boolean accept(VectorSchemaRoot batch) {
        List<FieldVector> vectors = batch.getFieldVectors();
        int last = vectors.size() - 1;
        BatchText cells = new BatchText(batch);
        return handOn(
                vectors.subList(0, last),
                batch.getRowCount(),
                row -> citations.getOrDefault(Long.parseLong(cells.text(last, row)), uncited),
                allocator,
                consumer);
    }

    /**
     * Hands a batch's shown columns on with each row's citation as its last column, {@code __src}.
     *
     * @param shown the shown columns' vectors
     * @param rows the batch's rows
     * @param citation each row's citation, by its position in the batch
     * @param allocator where the citation column's memory comes from
     * @param consumer takes the cited batch
     * @return what the consumer answers
     */
    static boolean handOn(
            List<FieldVector> shown,
            int rows,
            IntFunction<String> citation,
            BufferAllocator allocator,
            ArrowRows.BatchConsumer consumer) {
        try (VarCharVector cites = new VarCharVector(Citations.COLUMN, allocator)) {
            cites.allocateNew(rows);
            for (int row = 0; row < rows; row++) {
                cites.setSafe(row, citation.apply(row).getBytes(StandardCharsets.UTF_8));
            }
            cites.setValueCount(rows);
            List<FieldVector> vectors = new ArrayList<>(shown);
            vectors.add(cites);
            List<Field> fields = vectors.stream().map(FieldVector::getField).toList();
            return consumer.accept(new VectorSchemaRoot(fields, vectors, rows));
        }
    }
}
