package io.tablequery.engine.duck;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * The chart tool's answer; absent fields are left out of the JSON.
 *
 * @param success whether the chart was made
 * @param kind bar, line, scatter, arc or histogram
 * @param spec the Vega-Lite specification, data inline
 * @param rowCount the chart's data rows before the point limit (bars, points, slices or bins)
 * @param truncatedRows true when the specification carries only the first rows
 * @param png the PNG image, base64-encoded, when it was asked for
 * @param error why the tool failed
 * @param code the stable code of the failure
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ChartResult(
        boolean success,
        String kind,
        ObjectNode spec,
        Long rowCount,
        @JsonProperty("_truncatedRows") Boolean truncatedRows,
        String png,
        String error,
        String code)
        implements DuckToolAnswer {
    static ChartResult failure(DuckToolErrorCode code, String error) {
        return new ChartResult(false, null, null, null, null, null, error, code.name());
    }
}
