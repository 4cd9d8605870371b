package io.tablequery.engine.duck;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.tablequery.engine.ingest.values.CoercionReport;
import java.util.List;

/**
 * The answer of analyzeDataQuality; absent fields are left out of the JSON.
 *
 * @param success whether the analysis ran
 * @param tableName the table
 * @param rowCount its rows
 * @param duplicateRows rows that repeat an earlier row in every column
 * @param columns one entry per column
 * @param coercions what ingest changed in this sheet, from the file's ingest report
 * @param findings the notable facts, one sentence each
 * @param error why the analysis failed
 * @param code the stable code of the failure
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record DataQualityResult(
        boolean success,
        String tableName,
        Long rowCount,
        Long duplicateRows,
        List<ColumnQuality> columns,
        List<CoercionReport> coercions,
        List<String> findings,
        String error,
        String code)
        implements DuckToolAnswer {
    /**
     * One column's quality.
     *
     * @param name the column
     * @param type its DuckDB type
     * @param nullCount rows without a value
     * @param nullShare nullCount over the row count
     * @param distinctCount distinct values
     * @param min the smallest value as text
     * @param max the largest value as text
     * @param mean the mean, for numeric columns
     * @param outliers values outside 1.5 interquartile ranges of the quartiles, for numeric columns
     * @param textAsNumbers for text columns, how many values read as numbers; set when most do but not all
     * @param textAsDates for text columns, how many values read as dates; set when most do but not all
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record ColumnQuality(
            String name,
            String type,
            long nullCount,
            double nullShare,
            long distinctCount,
            String min,
            String max,
            Double mean,
            Outliers outliers,
            Long textAsNumbers,
            Long textAsDates) {}

    /**
     * The outliers of a numeric column by the interquartile-range rule.
     *
     * @param count values below the lower fence or above the upper fence
     * @param lowerFence the first quartile minus 1.5 interquartile ranges
     * @param upperFence the third quartile plus 1.5 interquartile ranges
     */
    public record Outliers(long count, double lowerFence, double upperFence) {}

    static DataQualityResult failure(DuckToolErrorCode code, String error) {
        return new DataQualityResult(false, null, null, null, null, null, null, error, code.name());
    }
}
