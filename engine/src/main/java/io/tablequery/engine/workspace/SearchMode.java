package io.tablequery.engine.workspace;

/**
 * How search-tables ranks a workspace's tables. Words alone is the default while a question's embedding costs more
 * than the whole search by words (10-20 ms against 1-3 ms on two cores).
 */
public enum SearchMode {
    /** By their words (BM25) and their meaning (embedding models run in the process), fused by rank. */
    MEANING,
    /** By their words alone: no model is loaded and no table is embedded. */
    LEXICAL
}
