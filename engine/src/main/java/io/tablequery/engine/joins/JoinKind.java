package io.tablequery.engine.joins;

/** How a join between two tables is known. */
public enum JoinKind {
    /** An uploaded SQLite database declares it as a foreign key. */
    DECLARED,
    /** A column's name names the other table's key, and its values lie within that key's values. */
    INFERRED
}
