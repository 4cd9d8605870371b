package io.tablequery.server.api;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import io.tablequery.engine.error.EngineException;
import io.tablequery.engine.json.JsonCodec;
import io.tablequery.engine.plan.CitationDetail;
import io.tablequery.engine.plan.PlanParser;
import io.tablequery.engine.skill.PlanEngine;
import io.tablequery.engine.skill.RunSqlRequest;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Reads the skill tools' arguments from a JSON object, the same way for every transport; a missing or mistyped
 * argument is {@code BAD_REQUEST} naming it. The HTTP API names the limits {@code topK}, {@code maxRows} and {@code
 * cellMax}; the MCP server, like the skill's script, {@code top_k}, {@code max_rows} and {@code cell_max}.
 */
public final class SkillArguments {
    /** The default of {@code topK}, as in the skill's own example. */
    public static final int DEFAULT_TOP_K = 20;

    private SkillArguments() {}

    /**
     * A required string argument.
     *
     * @param args the arguments
     * @param field the argument's name
     * @return its value
     */
    public static String text(JsonNode args, String field) {
        JsonNode value = args.get(field);
        if (value == null || !value.isTextual()) {
            throw badRequest("\"%s\" must be a string".formatted(field));
        }
        return value.textValue();
    }

    /**
     * An optional whole-number argument.
     *
     * @param args the arguments
     * @param field the argument's name
     * @return its value, or null when it is absent or null
     */
    public static Integer optionalInteger(JsonNode args, String field) {
        JsonNode value = args.get(field);
        if (value == null || value.isNull()) {
            return null;
        }
        if (!value.isIntegralNumber() || !value.canConvertToInt()) {
            throw badRequest("\"%s\" must be an integer".formatted(field));
        }
        return value.intValue();
    }

    /**
     * The tables of get-schemas: a list of names, or one string {@code "a,b"}.
     *
     * @param args the arguments
     * @return the names, in the order given
     */
    public static List<String> tables(JsonNode args) {
        JsonNode tables = args.get("tables");
        List<String> names = new ArrayList<>();
        if (tables != null && tables.isTextual()) {
            names.addAll(Arrays.asList(tables.textValue().split(",")));
        } else if (tables != null && tables.isArray()) {
            tables.forEach(name -> names.add(name.asText()));
        } else {
            throw badRequest("\"tables\" is missing: give a list of table names, or one string \"a,b\"");
        }
        return names;
    }

    /**
     * Tells which form of a final table an Arrow download asks for: {@code "form": "table"} (the default) or {@code
     * "lineage"}.
     *
     * @param args the arguments
     * @return true for the lineage
     */
    public static boolean arrowForm(JsonNode args) {
        JsonNode form = args.get("form");
        if (form == null || form.isNull() || "table".equals(form.asText())) {
            return false;
        }
        if ("lineage".equals(form.asText())) {
            return true;
        }
        throw badRequest("\"form\" must be \"table\" or \"lineage\", not " + form);
    }

    /**
     * The request of run-sql: {@code plan} (an object, or the same object as a JSON string), the two limits under
     * the names given, {@code engine}, and how rows cite their sources: {@code citations} ({@code rows}, the default,
     * or {@code sheets}) and the most ranges a citation shows under the name given.
     *
     * @param args the arguments
     * @param maxRows the name of the row limit
     * @param cellMax the name of the cell limit
     * @param citeRanges the name of the citation's range limit
     * @return the request
     */
    public static RunSqlRequest runSql(JsonNode args, String maxRows, String cellMax, String citeRanges) {
        JsonNode plan = args.get("plan");
        if (plan == null || plan.isNull()) {
            throw badRequest("\"plan\" is missing: give the plan object {\"queries\": [...]}");
        }
        JsonNode engine = args.get("engine");
        JsonNode citations = args.get("citations");
        CitationDetail detail;
        try {
            detail = CitationDetail.parse(citations == null || citations.isNull() ? null : citations.asText());
        } catch (IllegalArgumentException e) {
            throw badRequest("\"citations\" must be \"rows\" or \"sheets\", not " + citations);
        }
        return new RunSqlRequest(
                PlanParser.parse(plan.isTextual() ? planText(plan.textValue()) : plan),
                optionalInteger(args, maxRows),
                optionalInteger(args, cellMax),
                PlanEngine.parse(engine == null || engine.isNull() ? null : engine.asText()),
                optionalInteger(args, citeRanges),
                detail);
    }

    /** A plan sent as a string, as models sometimes send an object argument. */
    private static JsonNode planText(String text) {
        try {
            return JsonCodec.mapper().readTree(text);
        } catch (JsonProcessingException e) {
            throw badRequest("\"plan\" is a string that is not JSON: send the plan object {\"queries\": [...]}");
        }
    }

    private static EngineException badRequest(String message) {
        return new EngineException(ServerErrorCode.BAD_REQUEST, message);
    }
}
