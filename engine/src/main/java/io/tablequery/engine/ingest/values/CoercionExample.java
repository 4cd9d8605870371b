package io.tablequery.engine.ingest.values;

/**
 * One example of a coercion.
 *
 * @param cell where: a cell reference such as {@code D17}, or {@code rowid 17} for databases
 * @param original the value as the file holds it (a NUL character written {@code \0}); null where it is not text (bytes
 *     that did not decode)
 * @param stored the value as the table holds it ({@code NULL} for none)
 */
public record CoercionExample(String cell, String original, String stored) {}
