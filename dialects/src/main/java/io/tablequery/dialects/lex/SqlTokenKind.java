package io.tablequery.dialects.lex;

/** The kinds of token SQLite's tokenizer tells apart. */
public enum SqlTokenKind {
    /** A bare word: a keyword or an unquoted identifier. */
    WORD,
    /** An identifier in double quotes, brackets or backticks. */
    QUOTED_IDENTIFIER,
    /** A single-quoted string literal. */
    STRING,
    /** A numeric literal. */
    NUMBER,
    /** A blob literal such as {@code x'0A'}. */
    BLOB,
    /** A parameter: {@code ?}, {@code ?1}, {@code :name}, {@code @name} or {@code $name}. */
    VARIABLE,
    /** An operator or punctuation, including {@code ;}. */
    SYMBOL,
    /** Text SQLite's tokenizer refuses: an unterminated string, identifier or blob, or a stray character. */
    ILLEGAL
}
