package io.tablequery.engine.exec;

import static org.assertj.core.api.Assertions.assertThat;

import io.tablequery.engine.result.BatchText;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.junit.jupiter.api.Test;

/** A batch read with its rows' numbers is passed on with each number replaced by the row's citation. */
class CitedBatchesTest {
    @Test
    void eachRowGetsItsCitationOrItsSheetsAndTheConsumerDecidesWhetherToGoOn() {
        List<List<String>> seen = new ArrayList<>();
        try (BufferAllocator allocator = new RootAllocator();
                VectorSchemaRoot batch = batch(allocator, List.of("a", "b", "c"), List.of("7", "8", "9"))) {
            CitedBatches cited = new CitedBatches(Map.of(7L, "F1S1R3-R5", 9L, "F2S1R1"), "F1S1;F2S1", allocator, b -> {
                assertThat(b.getSchema().getFields())
                        .extracting(field -> field.getName())
                        .containsExactly("city", Citations.COLUMN);
                BatchText cells = new BatchText(b);
                for (int row = 0; row < b.getRowCount(); row++) {
                    seen.add(List.of(cells.text(0, row), cells.text(1, row)));
                }
                return false;
            });

            assertThat(cited.accept(batch)).isFalse();
            assertThat(seen)
                    .containsExactly(List.of("a", "F1S1R3-R5"), List.of("b", "F1S1;F2S1"), List.of("c", "F2S1R1"));
            assertThat(new BatchText(batch).text(0, 2))
                    .as("the batch's own columns are left as read")
                    .isEqualTo("c");
        }
    }

    private static VectorSchemaRoot batch(BufferAllocator allocator, List<String> cities, List<String> numbers) {
        VarCharVector city = text(allocator, "city", cities);
        VarCharVector number = text(allocator, "__tq_o", numbers);
        return new VectorSchemaRoot(List.of(city.getField(), number.getField()), List.of(city, number), cities.size());
    }

    private static VarCharVector text(BufferAllocator allocator, String name, List<String> values) {
        VarCharVector vector = new VarCharVector(name, allocator);
        vector.allocateNew(values.size());
        for (int i = 0; i < values.size(); i++) {
            vector.setSafe(i, values.get(i).getBytes(StandardCharsets.UTF_8));
        }
        vector.setValueCount(values.size());
        return vector;
    }
}
