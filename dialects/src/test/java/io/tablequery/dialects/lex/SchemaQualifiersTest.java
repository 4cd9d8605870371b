package io.tablequery.dialects.lex;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class SchemaQualifiersTest {
    @Test
    void dropsTheQualifierButNotTheWordElsewhere() {
        assertThat(SchemaQualifiers.strip(
                        "SELECT l.x, 'tpch.y' FROM tpch.lineitem AS l JOIN \"TPCH\".orders o -- tpch.z\n"
                                + "ON a.tpch = 1",
                        "tpch"))
                .isEqualTo("SELECT l.x, 'tpch.y' FROM lineitem AS l JOIN orders o -- tpch.z\nON a.tpch = 1");
    }
}
