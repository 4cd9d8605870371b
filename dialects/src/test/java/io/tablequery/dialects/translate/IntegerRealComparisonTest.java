package io.tablequery.dialects.translate;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Integers compared with reals of a column on DuckDB answer as SQLite does, at 2^53 and the ends of 64 bits. */
class IntegerRealComparisonTest {
    @Test
    void comparesAsSqliteDoes() throws Exception {
        try (EnginePair engines = EnginePair.holding(IntegerRealSamples.script())) {
            for (String sql : IntegerRealSamples.QUERIES) {
                assertThat(engines.translatedDifference(sql)).as(sql).isNull();
            }
        }
    }
}
