package io.tablequery.engine.ingest;

/** The family of a source, which decides how its cells are read and how its columns are labelled. */
public enum SourceKind {
    /** Excel workbooks: typed cells, formats, merges, column letters. */
    SPREADSHEET,
    /** CSV and TSV: every field is text; columns are labelled by letter as a spreadsheet program shows them. */
    DELIMITED,
    /** SQLite databases: typed values, known column names and declared types, R is the rowid. */
    DATABASE
}
