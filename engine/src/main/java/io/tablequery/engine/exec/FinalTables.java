package io.tablequery.engine.exec;

import static io.tablequery.dialects.SqlIdentifiers.quote;

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
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.TreeSet;
import java.util.function.Function;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;

/**
 * Reads the final tables a plan left on a connection, on either engine: each is counted, then read in the order its
 * rows were inserted, cut to the ceilings, with every row's citation.
 */
public final class FinalTables {
    private FinalTables() {}

    /** The columns of a step's table that results show: all but the hidden provenance columns. */
    static List<String> visibleColumns(Connection connection, String table) throws SQLException {
        List<String> columns = new ArrayList<>();
        try (Statement statement = connection.createStatement();
                ResultSet rs = statement.executeQuery("SELECT * FROM temp." + quote(table) + " LIMIT 0")) {
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

    /**
     * Reads the final tables of a plan whose steps ran on a connection.
     *
     * @param engine the engine name the result reports
     * @param plan the plan
     * @param connection the connection holding the steps' temp tables
     * @param catalog the catalog the plan was validated against
     * @param limits the result ceilings
     * @param notices remarks to pass on with the result
     * @return the result
     */
    public static RunSqlResult read(
            String engine,
            ValidatedPlan plan,
            Connection connection,
            CatalogSnapshot catalog,
            ResultLimits limits,
            List<String> notices) {
        List<ResultTable> tables = new ArrayList<>();
        TreeSet<SheetRef> cited = new TreeSet<>();
        try (BufferAllocator allocator = new RootAllocator()) {
            ResultTruncator truncator = new ResultTruncator(limits, allocator);
            for (ValidatedStep step : plan.finalSteps()) {
                tables.add(read(connection, step, truncator));
                cited.addAll(step.provenance().sheets());
            }
        } catch (SQLException e) {
            throw new EngineException(
                    PlanErrorCode.EXECUTION_FAILED, "could not read the results: " + e.getMessage(), e);
        }
        return new RunSqlResult(engine, limits, FileRefTable.of(cited, catalog), tables, notices, null);
    }

    private static ResultTable read(Connection connection, ValidatedStep step, ResultTruncator truncator)
            throws SQLException {
        String name = step.step().destineTableName();
        List<String> visible = visibleColumns(connection, name);
        String table = "temp." + quote(name);
        long total;
        try (Statement statement = connection.createStatement();
                ResultSet rs = statement.executeQuery("SELECT count(*) FROM " + table)) {
            rs.next();
            total = rs.getLong(1);
        }
        List<String> columns = new ArrayList<>(visible);
        columns.add("__src");
        ResultHeader header =
                new ResultHeader(step.step().step(), name, step.step().destineTableDescription(), columns);
        Provenance provenance = step.provenance();
        String citeColumn;
        Function<String, String> citer;
        if (provenance instanceof RowProvenance row) {
            citeColumn = "CAST(" + quote(row.rowColumn()) + " AS VARCHAR)";
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
}
