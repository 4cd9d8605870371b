package io.tablequery.spark;

import static io.tablequery.dialects.SqlIdentifiers.quote;
import static java.util.Objects.requireNonNull;

import io.tablequery.dialects.translate.SparkSqlDialect;
import io.tablequery.dialects.translate.SqlDialect;
import io.tablequery.engine.error.EngineException;
import io.tablequery.engine.error.HostPaths;
import io.tablequery.engine.exec.PlanRunner;
import io.tablequery.engine.exec.PlanSession;
import io.tablequery.engine.exec.RunContext;
import io.tablequery.engine.exec.TableNaming;
import io.tablequery.engine.plugin.EnginePlugin;
import io.tablequery.engine.skill.PlanEngines;
import io.tablequery.engine.workspace.Workspace;
import io.tablequery.spark.export.ParquetExports;
import io.tablequery.spark.run.SparkFailures;
import io.tablequery.spark.run.SparkPlanSession;
import io.tablequery.spark.run.SparkSessions;
import java.io.IOException;
import java.util.Optional;
import org.apache.spark.sql.SparkSession;

/**
 * The {@code spark} engine of run-sql, configured for one process: it translates plans to Spark SQL, runs each in a
 * Spark Connect session of its own, and keeps the Parquet exports of the workspaces it hears of current.
 */
public final class SparkEngine implements PlanRunner, EnginePlugin.Configured {
    /** The engine's name. */
    public static final String ENGINE = "spark";

    /** How the Spark SQL names the workspace's tables (views over their exports) and a plan's step views. */
    private static final TableNaming NAMING = new TableNaming() {
        @Override
        public String stored(String table) {
            return quote("__tq_table_" + table);
        }

        @Override
        public String created(String step) {
            return quote(step);
        }
    };

    private final SparkOptions options;
    private final ParquetExports exports;
    private final SparkSessions sessions;

    /**
     * Configures the engine.
     *
     * @param options where the cluster is and where exports go
     */
    public SparkEngine(SparkOptions options) {
        this.options = requireNonNull(options, "options is null");
        this.exports = new ParquetExports(options.data());
        this.sessions = new SparkSessions(this::connect);
    }

    @Override
    public String name() {
        return ENGINE;
    }

    @Override
    public Optional<SqlDialect> dialect() {
        return Optional.of(SparkSqlDialect.INSTANCE);
    }

    @Override
    public TableNaming naming() {
        return NAMING;
    }

    @Override
    public PlanSession open(RunContext context) {
        return new SparkPlanSession(sessions, context, exports, NAMING);
    }

    @Override
    public PlanEngines.Registered engine() {
        return new PlanEngines.Registered(this, options.autoRows());
    }

    @Override
    public void opened(Workspace workspace) {
        workspace.addDuckDbListener(catalog -> exports.follow(workspace, catalog));
        exports.follow(workspace, workspace.catalog());
    }

    @Override
    public void closing(Workspace workspace) {
        sessions.forget(workspace.name());
        exports.forget(workspace.name());
    }

    @Override
    public void close() {
        sessions.close();
        exports.close();
    }

    /**
     * Returns the sessions runs take and give back.
     *
     * @return the pool
     */
    public SparkSessions sessions() {
        return sessions;
    }

    /**
     * Returns the exports this engine keeps.
     *
     * @return the exports
     */
    public ParquetExports exports() {
        return exports;
    }

    /**
     * Opens a new Spark Connect session, set up as the Spark SQL dialect expects: ANSI mode, double-quoted
     * identifiers, UTC, names without case.
     *
     * @param address the Spark Connect address
     * @return the session; the caller closes it
     * @throws RuntimeException when the server does not answer (the session is closed again)
     */
    public static SparkSession session(String address) {
        SparkSession spark = org.apache.spark.sql.connect.SparkSession.builder()
                .remote(address)
                .create();
        try {
            spark.conf().set("spark.sql.ansi.enabled", "true");
            spark.conf().set("spark.sql.ansi.doubleQuotedIdentifiers", "true");
            spark.conf().set("spark.sql.session.timeZone", "UTC");
            spark.conf().set("spark.sql.caseSensitive", "false");
            return spark;
        } catch (RuntimeException e) {
            try {
                spark.close();
            } catch (IOException | RuntimeException closing) {
                e.addSuppressed(closing);
            }
            throw e;
        }
    }

    /** A new session for a run, or SPARK_UNAVAILABLE. */
    private SparkSession connect() {
        try {
            return session(options.connect());
        } catch (RuntimeException e) {
            throw unavailable(e);
        }
    }

    private EngineException unavailable(RuntimeException e) {
        String message = SparkFailures.firstLine(e);
        return new EngineException(
                SparkErrorCode.SPARK_UNAVAILABLE,
                "the Spark Connect server %s does not answer (%s); check that it runs, or run the plan on another engine"
                        .formatted(options.connect(), HostPaths.scrub(message)),
                e);
    }
}
