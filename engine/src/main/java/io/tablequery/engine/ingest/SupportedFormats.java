package io.tablequery.engine.ingest;

/** What tablequery ingests, said in error messages; a leaf the readers can name without depending on the rest. */
public final class SupportedFormats {
    /** Says what is supported. */
    public static final String MESSAGE =
            "supported formats: Excel workbooks (.xlsx, .xlsm, .xlsb, .xls), OpenDocument spreadsheets (.ods), CSV and TSV text (.csv, .tsv, .txt), and SQLite"
                    + " databases (.sqlite, .sqlite3, .db)";

    private SupportedFormats() {}
}
