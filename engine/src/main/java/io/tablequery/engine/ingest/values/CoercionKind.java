package io.tablequery.engine.ingest.values;

/** A way a cell's value was changed on its way into a table; each is listed in the file's ingest report. */
public enum CoercionKind {
    ERROR_TO_NULL("an error value such as #N/A became NULL"),
    NULL_MARKER_TO_NULL("a missing-value marker such as N/A, - or whitespace became NULL"),
    UNCACHED_FORMULA_TO_NULL("a formula without a cached value became NULL"),
    NUMBER_STORED_AS_TEXT("a number stored as text became a number"),
    DATE_STORED_AS_TEXT("a date stored as text became a date"),
    BOOLEAN_STORED_AS_TEXT("TRUE or FALSE stored as text became a boolean"),
    PERCENT_TEXT_TO_NUMBER("a percentage written as text became a fraction (25% -> 0.25)"),
    CURRENCY_TEXT_TO_NUMBER("a number with a currency sign or thousands separators became a number"),
    HIDDEN_PART_DROPPED(
            "the cell's format hides part of the value (a time of day, or a date); only the shown part" + " was kept"),
    VALUE_STORED_AS_TEXT("a number, date or boolean in a column of mixed values was stored as its text"),
    TEXT_IN_DUCKDB_ONLY("a number or blob in a database column of mixed storage classes kept its class in the SQLite"
            + " copy and became text in the DuckDB copy, whose columns have one type"),
    MERGED_CELL_FILLED("a cell inside a vertically merged region took the region's value"),
    GROUP_LABEL_FILLED("a blank cell under a group label written once per group took the label above it"),
    ELAPSED_TIME_TO_SECONDS("an elapsed time (a number format such as [h]:mm:ss) was stored as its number of seconds"),
    CONTROL_CHARACTERS_REMOVED("NUL characters were removed from the text"),
    UNDECODABLE_BYTES_REPLACED("bytes the detected encoding could not decode were replaced with U+FFFD");

    private final String description;

    CoercionKind(String description) {
        this.description = description;
    }

    /**
     * Says in words what this coercion does.
     *
     * @return the description
     */
    public String description() {
        return description;
    }
}
