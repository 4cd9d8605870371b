package io.tablequery.engine.workspace;

/**
 * How search-tables ranks a workspace's tables. The server and the commands that search rank by meaning unless told
 * otherwise; words alone suit a deployment that wants no model (no 200 MB of models in memory, no 5-10 ms a question
 * for them, no background reading of each upload).
 */
public enum SearchMode {
    /** By their words (BM25) and their meaning (embedding models run in the process), fused by rank. */
    MEANING,
    /** By their words alone: no model is loaded and no table is embedded. */
    LEXICAL
}
