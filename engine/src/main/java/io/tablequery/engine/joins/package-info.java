/**
 * Join partners: which tables of a workspace join with which, on which columns. A database's declared foreign keys
 * are taken as they are; between other tables a join is inferred from the column profiles when a column's name
 * names another table's key and its values lie within that key's. Derived from the catalog, never stored.
 */
package io.tablequery.engine.joins;
