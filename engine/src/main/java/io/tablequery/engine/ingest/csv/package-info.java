/**
 * CSV and TSV ingest: encoding detection (byte-order marks, UTF-16, strict UTF-8, then a statistical detector for
 * GB18030 and other legacy encodings), delimiter sniffing, and streaming parsing with FastCSV. Every record counts
 * toward the row number, blank lines included, so row R is the row a spreadsheet program shows when it opens the
 * file.
 */
package io.tablequery.engine.ingest.csv;
