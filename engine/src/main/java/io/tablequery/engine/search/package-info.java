/**
 * search-tables: a Lucene BM25 index of the workspace's tables (names, columns, descriptions and the values of
 * columns with few distinct values), kept in memory and published together with the catalog snapshot it describes;
 * optionally fused with the tables' meaning, read by embedding models run in the process ({@code
 * MeaningIndex}); the tables found are followed by their join partners.
 */
package io.tablequery.engine.search;
