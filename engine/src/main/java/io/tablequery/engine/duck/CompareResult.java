package io.tablequery.engine.duck;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;
import java.util.Map;

/**
 * The answer of compareTables; absent fields are left out of the JSON.
 *
 * @param success whether the comparison ran
 * @param tableA the first table
 * @param tableB the second table
 * @param key the key column rows were matched by, or null when rows were compared whole
 * @param schema the columns added, removed and retyped from A to B
 * @param rowCountA rows of A
 * @param rowCountB rows of B
 * @param onlyInA rows of A that B lacks
 * @param onlyInB rows of B that A lacks
 * @param changed rows whose key is in both but whose common columns differ (only with a key)
 * @param notes remarks, such as a key that repeats
 * @param error why the comparison failed
 * @param code the stable code of the failure
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record CompareResult(
        boolean success,
        String tableA,
        String tableB,
        String key,
        SchemaDiff schema,
        Long rowCountA,
        Long rowCountB,
        RowSet onlyInA,
        RowSet onlyInB,
        RowSet changed,
        List<String> notes,
        String error,
        String code)
        implements DuckToolAnswer {
    /**
     * How the columns differ.
     *
     * @param added columns of B that A lacks, {@code [{name, type}]}
     * @param removed columns of A that B lacks
     * @param retyped columns in both with another type, {@code [{name, typeA, typeB}]}
     * @param common columns in both
     */
    public record SchemaDiff(
            List<Map<String, String>> added,
            List<Map<String, String>> removed,
            List<Map<String, String>> retyped,
            List<String> common) {}

    /**
     * Rows that differ: how many, and the first few.
     *
     * @param count how many
     * @param sample up to the tool's row limit of them; for changed rows, the key and each changed column's two
     *     values
     */
    public record RowSet(long count, List<Map<String, Object>> sample) {}

    static CompareResult failure(DuckToolErrorCode code, String error) {
        return new CompareResult(false, null, null, null, null, null, null, null, null, null, null, error, code.name());
    }
}
