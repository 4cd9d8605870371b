package io.tablequery.engine.plan;

/** Why a step's rows cannot cite their source rows: lineage then cites the sheets it reads, with this reason. */
final class WholeSheets extends Exception {
    private static final long serialVersionUID = 1L;

    WholeSheets(String reason) {
        super(reason, null, false, false);
    }
}
