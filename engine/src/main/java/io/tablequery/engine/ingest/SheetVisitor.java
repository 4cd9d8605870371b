package io.tablequery.engine.ingest;

/** Decides, sheet by sheet, whether a reader should deliver a sheet's rows and to whom. */
@FunctionalInterface
public interface SheetVisitor {
    /**
     * Starts a sheet.
     *
     * @param sheet what the reader knows about the sheet
     * @return the sink for its rows, or null to skip the sheet
     */
    RowSink beginSheet(SheetSource sheet);
}
