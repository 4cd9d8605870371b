/**
 * What ingest tells people about an upload: the coercions of each table counted by column and kind with examples, the
 * ingest report sheet by sheet and table by table, and each table's description.
 */
package io.tablequery.engine.ingest.report;
