package io.tablequery.dialects;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class SqlIdentifiersTest {
    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "sales|\"sales\"",
                "Sales 2025|\"Sales 2025\"",
                "a\"b|\"a\"\"b\"",
                "销售额|\"销售额\"",
                "select|\"select\""
            })
    void quotesIdentifiers(String name, String expected) {
        assertThat(SqlIdentifiers.quote(name)).isEqualTo(expected);
    }

    @Test
    void quotesQualifiedNames() {
        assertThat(SqlIdentifiers.quote("tq store", "t\"1")).isEqualTo("\"tq store\".\"t\"\"1\"");
    }

    @Test
    void quotesLiterals() {
        assertThat(SqlIdentifiers.literal("it's")).isEqualTo("'it''s'");
        assertThat(SqlIdentifiers.literal("")).isEqualTo("''");
    }

    @Test
    void rejectsNamesNeitherEngineAccepts() {
        assertThatThrownBy(() -> SqlIdentifiers.quote(""))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("identifier is empty");
        assertThatThrownBy(() -> SqlIdentifiers.quote("a\0b"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("identifier contains a NUL character");
        assertThatThrownBy(() -> SqlIdentifiers.literal("a\0b"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("string literal contains a NUL character");
    }
}
