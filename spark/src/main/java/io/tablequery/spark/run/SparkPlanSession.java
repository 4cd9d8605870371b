package io.tablequery.spark.run;

import static io.tablequery.dialects.SqlIdentifiers.quote;

import io.tablequery.dialects.translate.ColumnSchema;
import io.tablequery.dialects.translate.Translation;
import io.tablequery.engine.catalog.TableInfo;
import io.tablequery.engine.exec.CitationNotices;
import io.tablequery.engine.exec.FinalTable;
import io.tablequery.engine.exec.PlanSession;
import io.tablequery.engine.exec.PlanTranslation;
import io.tablequery.engine.exec.RunContext;
import io.tablequery.engine.exec.TableNaming;
import io.tablequery.engine.plan.PlanValidator;
import io.tablequery.engine.plan.ValidatedPlan;
import io.tablequery.engine.plan.ValidatedStep;
import io.tablequery.engine.provenance.LineageQuery;
import io.tablequery.engine.provenance.RowProvenance;
import io.tablequery.spark.export.ParquetExports;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * A run on Spark, in a Spark Connect session taken from the pool: the workspace tables the plan reads are temporary
 * views over their Parquet exports (kept in the session for the workspace's next runs while their version holds).
 * A step that later steps read becomes a temporary view cached on the cluster, so that its rows, and the order its
 * hidden column gives them, are made once. A final step no later step reads is not made at all: its rows are read
 * straight from its query when the results are read, one Spark job for the rows shown. Every statement runs under
 * the plan's time limit (the reading of the results included); closing gives the session back, its step views to be
 * dropped in the background (a session that cannot drop them is closed instead).
 */
public final class SparkPlanSession implements PlanSession {
    private final SparkStatements statements;
    private final SparkSessions sessions;
    private final RunContext context;
    private final ParquetExports exports;
    private final TableNaming naming;
    private final Map<Integer, Relation> relations = new HashMap<>();
    private final List<String> made = new ArrayList<>();
    private final List<String> cached = new ArrayList<>();
    private PlanTranslation translation;

    /**
     * Opens a run.
     *
     * @param sessions the pool the run's session comes from and goes back to
     * @param context what the run works on
     * @param exports the Parquet exports of the workspace's tables
     * @param naming how the Spark SQL names the tables
     */
    public SparkPlanSession(SparkSessions sessions, RunContext context, ParquetExports exports, TableNaming naming) {
        this.sessions = sessions;
        this.context = context;
        this.exports = exports;
        this.naming = naming;
        this.statements = new SparkStatements(sessions, context.workspace().name(), context.timeout());
    }

    @Override
    public void execute(ValidatedPlan plan, PlanTranslation translation) {
        if (!translation.translated()) {
            throw new IllegalArgumentException("step %d did not translate".formatted(translation.refusedStep()));
        }
        this.translation = translation;
        long deadline = statements.deadline();
        Set<String> reads = new LinkedHashSet<>();
        plan.steps().forEach(step -> step.reads().forEach(name -> reads.add(name.toLowerCase(Locale.ROOT))));
        for (String name : reads) {
            TableInfo table = context.catalog().table(name).orElse(null);
            if (table != null) {
                Path directory = exports.await(context.workspace(), context.catalog(), table, deadline);
                statements.view(naming.stored(table.name()), directory.toUri().toString());
            }
        }
        List<ValidatedStep> steps = plan.steps();
        for (int i = 0; i < steps.size(); i++) {
            ValidatedStep step = steps.get(i);
            int number = step.step().step();
            Translation.Translated translated = translation.steps().get(i);
            if (step.step().isFinal() && !readLater(steps, i)) {
                String query = "(" + translated.rows() + ") AS " + quote("__tq_final");
                relations.put(number, new Relation(query, visible(translated), hidden(translated)));
                continue;
            }
            String table = quote(step.step().destineTableName());
            String sql = translation.statements().get(i);
            statements.run(number, spark -> spark.sql(sql));
            made.add(table);
            cached.add(table);
            statements.run(number, spark -> spark.sql("CACHE TABLE " + table));
            relations.put(number, new Relation(table, visible(translated), hidden(translated)));
        }
    }

    @Override
    public FinalTable table(ValidatedStep step, int citeRanges) {
        Relation relation = relations.get(step.step().step());
        if (relation == null) {
            throw new IllegalStateException(
                    "step %d did not run".formatted(step.step().step()));
        }
        int number = step.step().step();
        LineageQuery query = translation.lineage().get(number);
        String refused = translation.lineageRefused().get(number);
        boolean listed = !(step.provenance() instanceof RowProvenance);
        return new SparkFinalTable(
                statements,
                step,
                relation.sql(),
                relation.columns(),
                relation.hidden(),
                query == null
                        ? null
                        : new SparkLineage(statements, number, step.step().destineTableName(), query, citeRanges),
                refused == null || !listed ? null : CitationNotices.untranslated(number, "Spark", refused));
    }

    @Override
    public void close() {
        sessions.giveBack(statements.session(), cached, made);
    }

    /** The columns of a step's table that results show: all but the hidden provenance columns. */
    private static List<String> visible(Translation.Translated step) {
        return step.columns().stream()
                .map(ColumnSchema::name)
                .filter(name -> !hidden(name))
                .toList();
    }

    /** The hidden provenance columns of a step's table, which its rows' lineage is listed by. */
    private static List<String> hidden(Translation.Translated step) {
        return step.columns().stream()
                .map(ColumnSchema::name)
                .filter(SparkPlanSession::hidden)
                .toList();
    }

    private static boolean hidden(String column) {
        return column.toLowerCase(Locale.ROOT).startsWith(PlanValidator.HIDDEN_PREFIX);
    }

    /**
     * Where a final step's rows are read from, the columns results show, and the hidden ones.
     *
     * @param sql a view's name or a parenthesized query with its alias
     * @param columns the visible columns
     * @param hidden the hidden columns
     */
    private record Relation(String sql, List<String> columns, List<String> hidden) {}

    /** Whether a step after this one reads its table. */
    private static boolean readLater(List<ValidatedStep> steps, int index) {
        String name = steps.get(index).step().destineTableName();
        for (int later = index + 1; later < steps.size(); later++) {
            for (String read : steps.get(later).reads()) {
                if (read.equalsIgnoreCase(name)) {
                    return true;
                }
            }
        }
        return false;
    }
}
