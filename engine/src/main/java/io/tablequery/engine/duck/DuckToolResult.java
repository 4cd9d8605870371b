package io.tablequery.engine.duck;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;
import java.util.Map;

/**
 * A DuckDB tool's response in the seed's shape; absent fields are left out of the JSON.
 *
 * @param success whether the tool succeeded
 * @param tableName the table, for getTableSchema and getSampleRows
 * @param columns {@code [{name, type}]}, or for getTableSchema {@code [{column_name, column_type}]}
 * @param rows the rows as records; for getTableSchema the raw DESCRIBE rows
 * @param rowCount every row of the result (queryDuckDB), or the rows returned (getSampleRows)
 * @param columnCount the columns (queryDuckDB)
 * @param truncatedRows true when rows were left out of {@code rows}
 * @param tables the tables (getTableList)
 * @param layoutWarnings why the table's layout may not be a table (getTableSchema, getSampleRows), when ingest found
 *     signs of that; absent otherwise
 * @param error why the tool failed
 * @param code the stable code of the failure
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record DuckToolResult(
        boolean success,
        String tableName,
        List<Map<String, String>> columns,
        List<Map<String, Object>> rows,
        Long rowCount,
        Integer columnCount,
        @JsonProperty("_truncatedRows") Boolean truncatedRows,
        List<TableEntry> tables,
        List<String> layoutWarnings,
        String error,
        String code)
        implements DuckToolAnswer {
    /**
     * A table of getTableList.
     *
     * @param name the table name
     * @param rowCount its rows
     * @param file the F-reference of its file
     * @param fileName the file name
     * @param sheet the S-number
     * @param sheetName the sheet name
     * @param description the generated description
     * @param layoutWarnings why its layout may not be a table, when ingest found signs of that; absent otherwise
     */
    @JsonInclude(JsonInclude.Include.NON_EMPTY)
    public record TableEntry(
            String name,
            long rowCount,
            String file,
            String fileName,
            int sheet,
            String sheetName,
            String description,
            List<String> layoutWarnings) {}

    static DuckToolResult failure(DuckToolErrorCode code, String error) {
        return new DuckToolResult(false, null, null, null, null, null, null, null, null, error, code.name());
    }
}
