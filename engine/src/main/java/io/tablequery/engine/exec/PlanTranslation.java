package io.tablequery.engine.exec;

import static io.tablequery.dialects.SqlIdentifiers.quote;
import static java.util.Objects.requireNonNull;

import io.tablequery.dialects.translate.RealSums;
import io.tablequery.dialects.translate.SchemaLookup;
import io.tablequery.dialects.translate.SqlDialect;
import io.tablequery.dialects.translate.SqliteTranslator;
import io.tablequery.dialects.translate.Translation;
import io.tablequery.engine.catalog.CatalogSnapshot;
import io.tablequery.engine.plan.ValidatedPlan;
import io.tablequery.engine.plan.ValidatedStep;
import io.tablequery.engine.provenance.LineageQuery;
import io.tablequery.engine.provenance.LineageSql;
import io.tablequery.engine.provenance.LineageSummary;
import io.tablequery.engine.provenance.LineageTree;
import io.tablequery.engine.provenance.SheetRef;
import java.sql.Connection;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Supplier;

/**
 * A plan's steps translated to an engine's dialect, each from the SQL the SQLite run executes (provenance columns
 * included), or the first step that does not translate and why.
 *
 * @param statements the statements in step order, empty when a step was refused
 * @param steps each step's translation, in step order, with the columns it creates and a query for its rows;
 *     empty when the plan runs as written or a step was refused
 * @param refusedStep the step number that does not translate, or 0
 * @param reason why it does not translate, or null
 * @param realSumStep the first step that sums reals ({@code sum}, {@code total} or {@code avg} of REAL values), or 0
 * @param lineage each final step's lineage query ({@link LineageSql}) translated, by step number, for the steps that
 *     have one (only final tables are read); empty for an engine that runs the plan as written, which reads the
 *     queries from the steps' provenance
 * @param lineageRefused why a step's lineage query did not translate, by step number; its rows then cite sheets
 * @param summarized the final steps that run with a row summary or row lists of their groups, by step number
 */
public record PlanTranslation(
        List<String> statements,
        List<Translation.Translated> steps,
        int refusedStep,
        String reason,
        int realSumStep,
        Map<Integer, LineageQuery> lineage,
        Map<Integer, String> lineageRefused,
        Map<Integer, LineageSummary> summarized) {
    public PlanTranslation {
        statements = List.copyOf(requireNonNull(statements, "statements is null"));
        steps = List.copyOf(requireNonNull(steps, "steps is null"));
        lineage = Map.copyOf(requireNonNull(lineage, "lineage is null"));
        lineageRefused = Map.copyOf(requireNonNull(lineageRefused, "lineageRefused is null"));
        summarized = Map.copyOf(requireNonNull(summarized, "summarized is null"));
    }

    /**
     * Returns a plan's steps as SQLite runs them, for an engine that needs no translation.
     *
     * @param plan the validated plan
     * @return its statements as written
     */
    public static PlanTranslation asWritten(ValidatedPlan plan) {
        return new PlanTranslation(
                plan.steps().stream().map(ValidatedStep::executedSql).toList(),
                List.of(),
                0,
                null,
                0,
                Map.of(),
                Map.of(),
                Map.of());
    }

    /**
     * Translates a plan.
     *
     * @param plan the validated plan
     * @param catalog the catalog it was validated against
     * @param sqlite a connection to the SQLite copy, to inspect columns of imported databases, asked for only then
     * @param realSums how sums of reals are added
     * @param engine the engine it runs on, which names its dialect and its tables
     * @return the translation
     */
    public static PlanTranslation of(
            ValidatedPlan plan,
            CatalogSnapshot catalog,
            Supplier<Connection> sqlite,
            RealSums realSums,
            PlanRunner engine) {
        SqlDialect dialect = engine.dialect()
                .orElseThrow(() -> new IllegalArgumentException(engine.name() + " runs SQLite's SQL as written"));
        boolean summaries = plan.steps().stream().anyMatch(step -> summarizes(plan, step, dialect));
        TranslationCatalog schema = new TranslationCatalog(catalog, sqlite, engine.naming(), summaries);
        List<Translation.Translated> translated = new ArrayList<>();
        int realSumStep = 0;
        Map<Integer, LineageQuery> lineage = new HashMap<>();
        Map<Integer, String> lineageRefused = new HashMap<>();
        Map<Integer, LineageSummary> summarized = new HashMap<>();
        for (ValidatedStep step : plan.steps()) {
            // The step as SQLite runs it decides whether it translates: its summary form adds aggregates, which
            // would let through what SQLite refuses in the step itself (a HAVING on a query that does not aggregate).
            Translation translation = SqliteTranslator.translate(step.executed(), schema, realSums, dialect);
            boolean listed = false;
            if (translation instanceof Translation.Translated && summarizes(plan, step, dialect)) {
                Translation summary = SqliteTranslator.translate(step.summary().executed(), schema, realSums, dialect);
                if (summary instanceof Translation.Translated) {
                    translation = summary;
                    listed = step.summary().lists();
                    summarized.put(step.step().step(), step.summary());
                }
            }
            if (translation instanceof Translation.Untranslatable refused) {
                return new PlanTranslation(
                        List.of(), List.of(), step.step().step(), refused.reason(), 0, Map.of(), Map.of(), Map.of());
            }
            Translation.Translated done = (Translation.Translated) translation;
            translated.add(done);
            if (done.sumsReals() && realSumStep == 0) {
                realSumStep = step.step().step();
            }
            schema.created(step.step().destineTableName(), done.columns());
            String table = step.step().destineTableName();
            if (listed) {
                lineage.put(step.step().step(), listedLineage(engine.naming().created(table), step.summary(), dialect));
            } else if (step.step().isFinal()) {
                Optional<LineageTree> query = LineageSql.of(step.provenance(), table);
                if (query.isPresent()) {
                    SchemaLookup lookup = dialect.has(SqlDialect.Feature.INSERTION_ROWIDS)
                            ? schema
                            : schema.withShownRows(table, done.columns());
                    translateLineage(
                            step.step().step(),
                            query.get(),
                            schema,
                            lookup,
                            realSums,
                            dialect,
                            lineage,
                            lineageRefused);
                }
            }
        }
        return new PlanTranslation(
                translated.stream().map(Translation.Translated::sql).toList(),
                translated,
                0,
                null,
                realSumStep,
                lineage,
                lineageRefused,
                summarized);
    }

    /**
     * The lineage query of a step that ran with lists of its groups' rows ({@link LineageSummary#lists}): each list's
     * values, or a group's one row, read from the step's table, so that its sources are not read again.
     */
    private static LineageQuery listedLineage(String table, LineageSummary summary, SqlDialect dialect) {
        List<String> parts = new ArrayList<>();
        Set<SheetRef> sheets = new HashSet<>();
        boolean ownSheets = true;
        for (LineageSummary.Column column : summary.columns()) {
            String values = "t." + quote(column.name());
            String part = "SELECT " + dialect.insertionRowid("t") + " AS o, "
                    + column.sheet().fileNumber() + " AS f, "
                    + column.sheet().sheetNumber() + " AS s, "
                    + (column.single() ? values : dialect.listedValues(values))
                    + " AS r FROM " + table + " AS t";
            parts.add(column.once() ? part : "SELECT DISTINCT o, f, s, r FROM (" + part + ") AS p");
            ownSheets &= sheets.add(column.sheet());
        }
        return new LineageQuery(List.of(), String.join(" UNION ALL ", parts), ownSheets);
    }

    /**
     * Tells whether a step runs with its row summary on the dialect: a final step that has one, which no later step
     * reads (its table has a column more than on SQLite).
     */
    private static boolean summarizes(ValidatedPlan plan, ValidatedStep step, SqlDialect dialect) {
        if (step.summary() == null || !step.step().isFinal() || !dialect.has(SqlDialect.Feature.ROW_SUMMARIES)) {
            return false;
        }
        String name = step.step().destineTableName();
        return plan.steps().stream()
                .filter(later -> later.step().step() > step.step().step())
                .flatMap(later -> later.reads().stream())
                .noneMatch(name::equalsIgnoreCase);
    }

    /**
     * Translates a final step's lineage query, its stage first, whose table the listing then reads: into {@code
     * lineage} by step number, or why a part does not translate into {@code refused}. The stages are recorded in
     * {@code schema}; the queries read the tables {@code lookup} finds (in a dialect whose step tables have no rowid,
     * the step's table is the one of its rows to be cited, {@link LineageSql#shownRows}).
     */
    private static void translateLineage(
            int step,
            LineageTree query,
            TranslationCatalog schema,
            SchemaLookup lookup,
            RealSums realSums,
            SqlDialect dialect,
            Map<Integer, LineageQuery> lineage,
            Map<Integer, String> refused) {
        List<LineageQuery.Stage> stages = new ArrayList<>();
        for (LineageTree.Stage stage : query.stages()) {
            Translation staged =
                    SqliteTranslator.translate(LineageTree.statement(stage.query()), lookup, realSums, dialect);
            if (staged instanceof Translation.Untranslatable no) {
                refused.put(step, no.reason());
                return;
            }
            Translation.Translated done = (Translation.Translated) staged;
            schema.created(stage.table(), done.columns());
            stages.add(new LineageQuery.Stage(stage.table(), done.sql(), stage.shownRowsOnly()));
        }
        Translation listing =
                SqliteTranslator.translate(LineageTree.statement(query.listing()), lookup, realSums, dialect);
        if (listing instanceof Translation.Translated done) {
            lineage.put(step, new LineageQuery(stages, done.sql(), query.unique()));
        } else {
            refused.put(step, ((Translation.Untranslatable) listing).reason());
        }
    }

    /**
     * Tells whether every step translated.
     *
     * @return true when the plan can run on the engine
     */
    public boolean translated() {
        return refusedStep == 0;
    }
}
