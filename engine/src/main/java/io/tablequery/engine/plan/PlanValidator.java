package io.tablequery.engine.plan;

import static io.tablequery.dialects.SqlIdentifiers.quote;

import io.tablequery.engine.catalog.CatalogSnapshot;
import io.tablequery.engine.catalog.NameSuggestions;
import io.tablequery.engine.catalog.TableInfo;
import io.tablequery.engine.provenance.SheetRef;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * Checks a whole plan against a catalog before any of it runs: step order, one {@code CREATE TEMP TABLE ... AS
 * SELECT} per step, names that neither shadow workspace tables nor repeat, sources that exist and come earlier, and
 * at least one final step. It also works out each step's provenance, rewriting its SQL to carry what its rows' citations
 * need ({@link LineageRewriter}).
 */
public final class PlanValidator {
    /** Columns whose names start with this are hidden from results. */
    public static final String HIDDEN_PREFIX = "__tq_";

    /**
     * Tells whether a column is hidden from results.
     *
     * @param column the column's name
     * @return whether it starts with {@link #HIDDEN_PREFIX}, in any case
     */
    public static boolean hidden(String column) {
        return column.toLowerCase(Locale.ROOT).startsWith(HIDDEN_PREFIX);
    }

    private static final List<String> INTERNAL_PREFIXES = List.of("tq_catalog_", "tq_stage_");

    private PlanValidator() {}

    /**
     * Validates a plan.
     *
     * @param plan the plan
     * @param catalog the workspace's tables
     * @param names how the caller names the tools, for the errors' hints
     * @return the plan with each step's provenance
     * @throws io.tablequery.engine.error.EngineException INVALID_PLAN naming the step and the rule it breaks
     */
    public static ValidatedPlan validate(QueryPlan plan, CatalogSnapshot catalog, SkillNames names) {
        return validate(plan, catalog, names, CitationDetail.ROWS);
    }

    /**
     * Validates a plan, its rows citing their sources as finely as asked.
     *
     * @param plan the plan
     * @param catalog the workspace's tables
     * @param names how the caller names the tools, for the errors' hints
     * @param detail how finely rows cite their sources
     * @return the plan with each step's provenance
     * @throws io.tablequery.engine.error.EngineException INVALID_PLAN naming the step and the rule it breaks
     */
    public static ValidatedPlan validate(
            QueryPlan plan, CatalogSnapshot catalog, SkillNames names, CitationDetail detail) {
        Map<String, Integer> stepByName = new HashMap<>();
        for (PlanStep step : plan.queries()) {
            checkName(step, catalog, stepByName);
            stepByName.put(key(step.destineTableName()), step.step());
        }
        if (plan.queries().stream().noneMatch(PlanStep::isFinal)) {
            throw PlanParser.invalid(
                    "no step is \"final\"; mark the step whose table answers the question \"destine_table_type\":"
                            + " \"final\"");
        }
        Map<String, ValidatedStep> earlier = new HashMap<>();
        List<ValidatedStep> steps = new ArrayList<>();
        for (PlanStep step : plan.queries()) {
            StepSql sql = StepSqlAnalyzer.analyze(step);
            checkSources(step, sql, catalog, stepByName, earlier, names);
            ValidatedStep validated = provenance(step, sql, catalog, earlier, detail);
            steps.add(validated);
            earlier.put(key(step.destineTableName()), validated);
        }
        return new ValidatedPlan(steps);
    }

    private static void checkName(PlanStep step, CatalogSnapshot catalog, Map<String, Integer> stepByName) {
        String name = step.destineTableName();
        String where = "step " + step.step();
        if (catalog.table(name).isPresent()) {
            throw PlanParser.invalid(("%s: destine_table_name %s is the name of a workspace table; name step tables"
                            + " final_table_step%d or intermediate_table_step%d")
                    .formatted(where, quote(name), step.step(), step.step()));
        }
        Integer other = stepByName.get(key(name));
        if (other != null) {
            throw PlanParser.invalid("%s: step %d already creates %s; give each step its own destine_table_name"
                    .formatted(where, other, quote(name)));
        }
        String lower = key(name);
        if (lower.startsWith(HIDDEN_PREFIX) || lower.startsWith("sqlite_") || isInternal(lower)) {
            throw PlanParser.invalid(
                    "%s: the name %s is reserved; use final_table_step%d".formatted(where, quote(name), step.step()));
        }
    }

    private static void checkSources(
            PlanStep step,
            StepSql sql,
            CatalogSnapshot catalog,
            Map<String, Integer> stepByName,
            Map<String, ValidatedStep> earlier,
            SkillNames names) {
        String where = "step " + step.step();
        for (String source : step.sourceTableNames()) {
            String key = key(source);
            if (catalog.table(source).isPresent() || earlier.containsKey(key)) {
                continue;
            }
            Integer creator = stepByName.get(key);
            if (creator != null) {
                throw PlanParser.invalid(readsLater(where, source, creator, step.step()));
            }
            List<String> known = new ArrayList<>(
                    catalog.tables().stream().map(TableInfo::name).toList());
            earlier.values().forEach(v -> known.add(v.step().destineTableName()));
            throw PlanParser.invalid("%s: source table %s does not exist.%s Sources are workspace tables (see"
                            .formatted(where, quote(source), NameSuggestions.hint(source, known))
                    + " %s) or tables of earlier steps".formatted(names.searchTables()));
        }
        for (String name : sql.readKeys()) {
            Integer creator = stepByName.get(name);
            if (creator != null && creator >= step.step()) {
                throw PlanParser.invalid(readsLater(where, name, creator, step.step()));
            }
        }
        for (String name : sql.referencedKeys()) {
            if (isInternal(name)) {
                throw PlanParser.invalid("%s reads %s, which is internal to tablequery; read the workspace's tables"
                        .formatted(where, quote(name)));
            }
        }
    }

    private static String readsLater(String where, String name, int creator, int step) {
        if (creator == step) {
            return "%s reads %s, the table it creates; read the tables of earlier steps".formatted(where, quote(name));
        }
        return ("%s reads %s, which step %d creates later; a step may read workspace tables and the tables of"
                        + " earlier steps only")
                .formatted(where, quote(name), creator);
    }

    private static ValidatedStep provenance(
            PlanStep step,
            StepSql sql,
            CatalogSnapshot catalog,
            Map<String, ValidatedStep> earlier,
            CitationDetail detail) {
        Set<String> keys = new LinkedHashSet<>();
        step.sourceTableNames().forEach(source -> keys.add(key(source)));
        keys.addAll(sql.referencedKeys());
        List<String> reads = new ArrayList<>();
        TreeSet<SheetRef> sheets = new TreeSet<>();
        for (String name : keys) {
            ValidatedStep source = earlier.get(name);
            if (source != null) {
                reads.add(source.step().destineTableName());
                sheets.addAll(source.provenance().sheets());
            } else {
                catalog.table(name).ifPresent(table -> {
                    reads.add(table.name());
                    sheets.add(SheetRef.of(table));
                });
            }
        }
        LineageRewriter.Rewritten rewritten = LineageRewriter.rewrite(step, sql, catalog, earlier, sheets, detail);
        return new ValidatedStep(step, rewritten.executed(), rewritten.provenance(), reads, rewritten.summary());
    }

    private static boolean isInternal(String lowerName) {
        return INTERNAL_PREFIXES.stream().anyMatch(lowerName::startsWith);
    }

    private static String key(String name) {
        return name.toLowerCase(Locale.ROOT);
    }
}
