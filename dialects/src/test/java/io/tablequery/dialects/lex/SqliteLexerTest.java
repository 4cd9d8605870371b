package io.tablequery.dialects.lex;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class SqliteLexerTest {
    @Test
    void keepsSignificantTokensWithOffsets() {
        String sql = "SELECT \"a b\", [c], `d``e` FROM t -- note; DROP\nWHERE x = 'it''s;' /* ; */ AND y>=1.5e3;";
        List<SqlToken> tokens = SqliteLexer.tokenize(sql);
        assertThat(tokens)
                .extracting(SqlToken::text)
                .containsExactly(
                        "SELECT",
                        "\"a b\"",
                        ",",
                        "[c]",
                        ",",
                        "`d``e`",
                        "FROM",
                        "t",
                        "WHERE",
                        "x",
                        "=",
                        "'it''s;'",
                        "AND",
                        "y",
                        ">=",
                        "1.5e3",
                        ";");
        assertThat(tokens.get(1).name()).isEqualTo("a b");
        assertThat(tokens.get(3).name()).isEqualTo("c");
        assertThat(tokens.get(5).name()).isEqualTo("d`e");
        for (SqlToken token : tokens) {
            assertThat(sql.substring(token.start(), token.end())).isEqualTo(token.text());
        }
    }

    static Stream<Arguments> singleTokens() {
        return Stream.of(
                Arguments.of("'open", SqlTokenKind.ILLEGAL),
                Arguments.of("\"open", SqlTokenKind.ILLEGAL),
                Arguments.of("[open", SqlTokenKind.ILLEGAL),
                Arguments.of("x'0A'", SqlTokenKind.BLOB),
                Arguments.of("X'0'", SqlTokenKind.ILLEGAL),
                Arguments.of("x'zz'", SqlTokenKind.ILLEGAL),
                Arguments.of("0x1F", SqlTokenKind.NUMBER),
                Arguments.of("1_000", SqlTokenKind.NUMBER),
                Arguments.of(".5", SqlTokenKind.NUMBER),
                Arguments.of("12abc", SqlTokenKind.ILLEGAL),
                Arguments.of("?7", SqlTokenKind.VARIABLE),
                Arguments.of(":name", SqlTokenKind.VARIABLE),
                Arguments.of("$a::b", SqlTokenKind.VARIABLE),
                Arguments.of("->>", SqlTokenKind.SYMBOL),
                Arguments.of("||", SqlTokenKind.SYMBOL),
                Arguments.of("名前", SqlTokenKind.WORD),
                Arguments.of("!", SqlTokenKind.ILLEGAL));
    }

    @ParameterizedTest
    @MethodSource("singleTokens")
    void classifiesTokens(String sql, SqlTokenKind kind) {
        List<SqlToken> tokens = SqliteLexer.tokenize(sql);
        assertThat(tokens).hasSize(1);
        assertThat(tokens.get(0).kind()).isEqualTo(kind);
    }

    @Test
    void unterminatedCommentsEndTheText() {
        assertThat(SqliteLexer.tokenize("SELECT 1 /* open ; DROP TABLE t"))
                .extracting(SqlToken::text)
                .containsExactly("SELECT", "1");
        assertThat(SqliteLexer.tokenize("SELECT 1 -- ; DROP TABLE t"))
                .extracting(SqlToken::text)
                .containsExactly("SELECT", "1");
    }

    @Test
    void wordsMatchKeywordsIgnoringCase() {
        SqlToken token = SqliteLexer.tokenize("select").get(0);
        assertThat(token.isWord("SELECT")).isTrue();
        assertThat(SqliteLexer.tokenize("\"select\"").get(0).isWord("SELECT")).isFalse();
    }
}
