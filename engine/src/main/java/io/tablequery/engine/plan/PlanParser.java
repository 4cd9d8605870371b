package io.tablequery.engine.plan;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import io.tablequery.engine.error.EngineException;
import io.tablequery.engine.json.JsonCodec;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;

/**
 * Reads a plan's JSON and checks its shape field by field, so that a mistake is named precisely ("step 2:
 * destine_table_type must be "final" or "intermediate"") instead of surfacing as a parser's complaint.
 */
public final class PlanParser {
    /** The largest plan accepted, in characters. */
    public static final int MAX_PLAN_CHARS = 512 * 1024;
    /** The most steps a plan may have. */
    public static final int MAX_STEPS = 64;

    private static final List<String> STEP_FIELDS = List.of(
            "step",
            "sql",
            "source_table_names",
            "destine_table_name",
            "destine_table_type",
            "destine_table_description");

    private PlanParser() {}

    /**
     * Parses a plan.
     *
     * @param json the plan text
     * @return the plan, its shape checked
     * @throws EngineException INVALID_PLAN naming what is wrong, or PLAN_TOO_LARGE
     */
    public static QueryPlan parse(String json) {
        if (json == null || json.isBlank()) {
            throw invalid("the plan is empty; pass {\"queries\": [...]} on standard input or with --plan-file");
        }
        if (json.length() > MAX_PLAN_CHARS) {
            throw new EngineException(
                    PlanErrorCode.PLAN_TOO_LARGE,
                    "the plan has %,d characters; at most %,d are accepted".formatted(json.length(), MAX_PLAN_CHARS));
        }
        JsonNode root;
        try {
            root = JsonCodec.mapper().readTree(json);
        } catch (JsonProcessingException e) {
            throw invalid("the plan is not valid JSON: " + e.getOriginalMessage() + locationOf(e));
        }
        return parse(root);
    }

    /**
     * Checks the shape of a plan already read as JSON.
     *
     * @param root the plan object
     * @return the plan
     */
    public static QueryPlan parse(JsonNode root) {
        if (root == null || !root.isObject()) {
            throw invalid("the plan must be a JSON object {\"queries\": [...]}");
        }
        JsonNode queries = root.get("queries");
        for (Iterator<String> names = root.fieldNames(); names.hasNext(); ) {
            String name = names.next();
            if (!name.equals("queries")) {
                throw invalid("unknown field '%s' in the plan; it holds only \"queries\"".formatted(name));
            }
        }
        if (queries == null || !queries.isArray() || queries.isEmpty()) {
            throw invalid("the plan needs a non-empty \"queries\" array of steps");
        }
        if (queries.size() > MAX_STEPS) {
            throw new EngineException(
                    PlanErrorCode.PLAN_TOO_LARGE,
                    "the plan has %d steps; at most %d are allowed".formatted(queries.size(), MAX_STEPS));
        }
        List<PlanStep> steps = new ArrayList<>();
        for (int i = 0; i < queries.size(); i++) {
            steps.add(step(queries.get(i), i + 1));
        }
        return new QueryPlan(steps);
    }

    private static PlanStep step(JsonNode node, int position) {
        String where = "query #" + position;
        if (!node.isObject()) {
            throw invalid(where + " must be an object with the fields " + String.join(", ", STEP_FIELDS));
        }
        for (Iterator<String> names = node.fieldNames(); names.hasNext(); ) {
            String name = names.next();
            if (!STEP_FIELDS.contains(name)) {
                throw invalid("%s: unknown field '%s'; a step has the fields %s"
                        .formatted(where, name, String.join(", ", STEP_FIELDS)));
            }
        }
        JsonNode step = required(node, "step", where);
        if (!step.isIntegralNumber() || !step.canConvertToInt()) {
            throw invalid(where + ": \"step\" must be an integer");
        }
        if (step.intValue() != position) {
            throw invalid("%s has \"step\": %d; steps are numbered 1, 2, 3, ... in the order they run"
                    .formatted(where, step.intValue()));
        }
        String prefix = "step " + position;
        String sql = text(node, "sql", prefix);
        if (sql.isBlank()) {
            throw invalid(prefix + ": \"sql\" is empty");
        }
        String destine = text(node, "destine_table_name", prefix);
        if (destine.isBlank()) {
            throw invalid(prefix + ": \"destine_table_name\" is empty");
        }
        String type = text(node, "destine_table_type", prefix);
        StepType stepType;
        try {
            stepType = StepType.valueOf(type.toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw invalid(prefix
                    + ": \"destine_table_type\" is '%s'; it must be \"final\" or \"intermediate\"".formatted(type));
        }
        JsonNode sources = required(node, "source_table_names", prefix);
        if (!sources.isArray()) {
            throw invalid(prefix + ": \"source_table_names\" must be an array of table names");
        }
        List<String> names = new ArrayList<>();
        for (JsonNode source : sources) {
            if (!source.isTextual() || source.textValue().isBlank()) {
                throw invalid(prefix + ": \"source_table_names\" must hold table names as strings");
            }
            names.add(source.textValue());
        }
        String description = text(node, "destine_table_description", prefix);
        return new PlanStep(position, sql, names, destine, stepType, description);
    }

    private static JsonNode required(JsonNode node, String field, String where) {
        JsonNode value = node.get(field);
        if (value == null || value.isNull()) {
            throw invalid("%s: the field \"%s\" is missing".formatted(where, field));
        }
        return value;
    }

    private static String text(JsonNode node, String field, String where) {
        JsonNode value = required(node, field, where);
        if (!value.isTextual()) {
            throw invalid("%s: \"%s\" must be a string".formatted(where, field));
        }
        return value.textValue();
    }

    private static String locationOf(JsonProcessingException e) {
        return e.getLocation() == null
                ? ""
                : " (line %d, column %d)"
                        .formatted(e.getLocation().getLineNr(), e.getLocation().getColumnNr());
    }

    static EngineException invalid(String message) {
        return new EngineException(PlanErrorCode.INVALID_PLAN, "invalid plan: " + message);
    }
}
