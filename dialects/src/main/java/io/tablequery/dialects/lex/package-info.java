/**
 * SQLite's tokenizer in Java: the tokens of a statement with their positions, so that callers check a statement's
 * shape, count its statements and find its parts without regular expressions, reading strings, quoted identifiers
 * and comments exactly as SQLite does.
 */
package io.tablequery.dialects.lex;
