/**
 * search-tables: a Lucene BM25 index of the workspace's tables (names, columns, descriptions and the values of
 * columns with few distinct values), kept in memory and published together with the catalog snapshot it describes.
 */
package io.tablequery.engine.search;
