package io.tablequery.engine.exec;

import static io.tablequery.dialects.SqlIdentifiers.quote;
import static java.util.Objects.requireNonNull;

import io.tablequery.dialects.lex.StrictIdentifiers;
import io.tablequery.engine.catalog.CatalogSnapshot;
import io.tablequery.engine.error.EngineException;
import io.tablequery.engine.plan.PlanErrorCode;
import io.tablequery.engine.plan.PlanValidator;
import io.tablequery.engine.plan.ValidatedPlan;
import io.tablequery.engine.plan.ValidatedStep;
import io.tablequery.engine.provenance.FileRefTable;
import io.tablequery.engine.provenance.Provenance;
import io.tablequery.engine.provenance.RowProvenance;
import io.tablequery.engine.provenance.SheetProvenance;
import io.tablequery.engine.provenance.SheetRef;
import io.tablequery.engine.result.ResultHeader;
import io.tablequery.engine.result.ResultLimits;
import io.tablequery.engine.result.ResultTable;
import io.tablequery.engine.result.ResultTruncator;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeSet;
import java.util.function.Function;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;

/**
 * Runs a validated plan on the workspace's SQLite copy as written. The caller's connection is read-only and private
 * to the run, so the steps' temp tables are seen by no one else and vanish when it closes. Each statement runs under
 * the time limit and is interrupted when it passes it.
 */
public final class SqlitePlanRunner {
    /** The engine's name in results. */
    public static final String ENGINE = "sqlite";

    private final Duration timeout;

    /**
     * Creates a runner.
     *
     * @param timeout how long the whole plan may run
     */
    public SqlitePlanRunner(Duration timeout) {
        this.timeout = requireNonNull(timeout, "timeout is null");
    }

    /**
     * Runs a plan and reads its final tables.
     *
     * @param plan the validated plan
     * @param connection a read-only connection private to this run
     * @param catalog the catalog the plan was validated against
     * @param limits the result ceilings
     * @param notices remarks to pass on with the result
     * @return the results
     */
    public RunSqlResult run(
            ValidatedPlan plan,
            Connection connection,
            CatalogSnapshot catalog,
            ResultLimits limits,
            List<String> notices) {
        long deadline = System.nanoTime() + timeout.toNanos();
        Map<String, List<String>> stepColumns = new LinkedHashMap<>();
        for (ValidatedStep step : plan.steps()) {
            try (PreparedStatement check = connection.prepareStatement(StrictIdentifiers.rewrite(step.executedSql()))) {
                // Compiling resolves every name; nothing runs. A quoted name that resolves nowhere fails here.
            } catch (SQLException e) {
                throw StepFailures.failed(step, e.getMessage(), catalog, stepColumns, true);
            }
            try {
                execute(connection, step.executedSql(), deadline);
                stepColumns.put(step.step().destineTableName(), visibleColumns(connection, step));
            } catch (SQLException e) {
                throw StepFailures.failed(step, e.getMessage(), catalog, stepColumns, false);
            }
        }
        List<ResultTable> tables = new ArrayList<>();
        TreeSet<SheetRef> cited = new TreeSet<>();
        try (BufferAllocator allocator = new RootAllocator()) {
            ResultTruncator truncator = new ResultTruncator(limits, allocator);
            for (ValidatedStep step : plan.finalSteps()) {
                tables.add(read(connection, step, stepColumns.get(step.step().destineTableName()), truncator));
                cited.addAll(step.provenance().sheets());
            }
        } catch (SQLException e) {
            throw new EngineException(
                    PlanErrorCode.EXECUTION_FAILED, "could not read the results: " + e.getMessage(), e);
        }
        return new RunSqlResult(ENGINE, limits, FileRefTable.of(cited, catalog), tables, notices);
    }

    private ResultTable read(Connection connection, ValidatedStep step, List<String> visible, ResultTruncator truncator)
            throws SQLException {
        String table = "temp." + quote(step.step().destineTableName());
        long total;
        try (Statement statement = connection.createStatement();
                ResultSet rs = statement.executeQuery("SELECT count(*) FROM " + table)) {
            rs.next();
            total = rs.getLong(1);
        }
        List<String> columns = new ArrayList<>(visible);
        columns.add("__src");
        ResultHeader header = new ResultHeader(
                step.step().step(), step.step().destineTableName(), step.step().destineTableDescription(), columns);
        Provenance provenance = step.provenance();
        String citeColumn;
        Function<String, String> citer;
        if (provenance instanceof RowProvenance row) {
            citeColumn = quote(row.rowColumn());
            citer = value -> value == null ? row.sheet().toString() : row.cite(Long.parseLong(value));
        } else if (provenance instanceof SheetProvenance sheets) {
            String citation = sheets.cite();
            citeColumn = "NULL";
            citer = value -> citation;
        } else {
            throw new AssertionError("unknown provenance " + provenance);
        }
        StringBuilder select = new StringBuilder("SELECT ");
        for (String column : visible) {
            select.append(quote(column)).append(", ");
        }
        select.append(citeColumn)
                .append(" FROM ")
                .append(table)
                .append(" ORDER BY rowid LIMIT ")
                .append(Math.min(truncator.rowsLeft(), total));
        try (Statement statement = connection.createStatement();
                ResultSet rs = statement.executeQuery(select.toString())) {
            return truncator.collect(header, total, rs, citer);
        }
    }

    /** Returns the columns of a step's table that results show: all but the hidden provenance columns. */
    private static List<String> visibleColumns(Connection connection, ValidatedStep step) throws SQLException {
        List<String> columns = new ArrayList<>();
        try (Statement statement = connection.createStatement();
                ResultSet rs = statement.executeQuery(
                        "SELECT * FROM temp." + quote(step.step().destineTableName()) + " LIMIT 0")) {
            ResultSetMetaData meta = rs.getMetaData();
            for (int i = 1; i <= meta.getColumnCount(); i++) {
                String name = meta.getColumnName(i);
                if (!name.toLowerCase(Locale.ROOT).startsWith(PlanValidator.HIDDEN_PREFIX)) {
                    columns.add(name);
                }
            }
        }
        return columns;
    }

    private void execute(Connection connection, String sql, long deadline) throws SQLException {
        long remaining = deadline - System.nanoTime();
        if (remaining <= 0) {
            throw timedOut();
        }
        try (Statement statement = connection.createStatement()) {
            QueryWatchdog.run(statement, remaining, () -> statement.execute(sql));
        } catch (QueryWatchdog.TimedOut e) {
            throw timedOut();
        }
    }

    private EngineException timedOut() {
        return new EngineException(
                PlanErrorCode.QUERY_TIMEOUT,
                "the plan ran longer than %d seconds and was stopped; filter earlier, aggregate, or split the work"
                        .formatted(timeout.toSeconds()));
    }
}
