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
import io.tablequery.engine.result.ArrowStreams;
import io.tablequery.engine.result.ResultHeader;
import io.tablequery.engine.result.ResultLimits;
import io.tablequery.engine.result.ResultTable;
import io.tablequery.engine.result.ResultTruncator;
import java.io.OutputStream;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.StringJoiner;
import java.util.TreeSet;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.duckdb.DuckDBResultSet;

/**
 * Reads the final tables a plan left on a connection, on either engine: each is counted, then read in the order its
 * rows were inserted, cut to the ceilings, with every row's citation.
 */
public final class FinalTables {
    /** The column of each row's citation. */
    private static final String CITATION = "__src";

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
        long total;
        try (Statement statement = connection.createStatement();
                ResultSet rs = statement.executeQuery("SELECT count(*) FROM temp." + quote(name))) {
            rs.next();
            total = rs.getLong(1);
        }
        List<String> columns = new ArrayList<>(visible);
        columns.add(CITATION);
        ResultHeader header =
                new ResultHeader(step.step().step(), name, step.step().destineTableDescription(), columns);
        String select = citedSelect(step, visible) + " LIMIT " + Math.min(truncator.rowsLeft(), total);
        try (Statement statement = connection.createStatement();
                ResultSet rs = statement.executeQuery(select)) {
            return truncator.collect(header, total, rs);
        }
    }

    /**
     * Writes one final table whole, as far as {@code maxRows}, as an Arrow IPC stream: its visible columns and
     * {@code __src}. On DuckDB the columns keep their types; on SQLite each is typed by the storage classes it holds
     * (only integers: Int64; reals, with or without integers: Float64; any text or blob: Utf8).
     *
     * @param plan the plan whose steps ran on the connection
     * @param stepNumber the final step to write, or null for the plan's last final step
     * @param connection the connection holding the steps' temp tables
     * @param maxRows the most rows to write
     * @param out where the stream goes
     * @return the rows written and whether the table had more
     */
    public static ArrowStreams.Written exportArrow(
            ValidatedPlan plan, Integer stepNumber, Connection connection, long maxRows, OutputStream out) {
        List<ValidatedStep> finals = plan.finalSteps();
        ValidatedStep step = finals.get(finals.size() - 1);
        if (stepNumber != null) {
            step = finals.stream()
                    .filter(candidate -> candidate.step().step() == stepNumber)
                    .findFirst()
                    .orElseThrow(() -> new EngineException(
                            PlanErrorCode.INVALID_PLAN,
                            "step %d is not a final step of the plan; its final steps are %s"
                                    .formatted(
                                            stepNumber,
                                            finals.stream()
                                                    .map(s -> Integer.toString(
                                                            s.step().step()))
                                                    .toList())));
        }
        try {
            List<String> visible = visibleColumns(connection, step.step().destineTableName());
            String select = citedSelect(step, visible);
            try (Statement statement = connection.createStatement();
                    ResultSet rs = statement.executeQuery(select)) {
                if (rs.isWrapperFor(DuckDBResultSet.class)) {
                    return ArrowStreams.write(rs.unwrap(DuckDBResultSet.class), maxRows, out);
                }
                return ArrowStreams.write(rs, storageTypes(connection, step, visible), maxRows, out);
            }
        } catch (SQLException e) {
            throw new EngineException(
                    PlanErrorCode.EXECUTION_FAILED, "could not read the results: " + e.getMessage(), e);
        }
    }

    /** A final table's rows in insertion order: the visible columns, then the citation, made in SQL. */
    private static String citedSelect(ValidatedStep step, List<String> visible) {
        String citation;
        Provenance provenance = step.provenance();
        if (provenance instanceof RowProvenance row) {
            String sheet = row.sheet().toString();
            citation = "CASE WHEN %1$s IS NULL THEN %2$s ELSE %3$s || CAST(%1$s AS VARCHAR) END"
                    .formatted(quote(row.rowColumn()), literal(sheet), literal(row.rowPrefix()));
        } else if (provenance instanceof SheetProvenance sheets) {
            citation = literal(sheets.cite());
        } else {
            throw new AssertionError("unknown provenance " + provenance);
        }
        StringBuilder select = new StringBuilder("SELECT ");
        for (String column : visible) {
            select.append(quote(column)).append(", ");
        }
        return select.append(citation)
                .append(" AS ")
                .append(quote(CITATION))
                .append(" FROM temp.")
                .append(quote(step.step().destineTableName()))
                .append(" ORDER BY rowid")
                .toString();
    }

    /** Each SQLite column's Arrow type, from the storage classes its values hold; {@code __src} is text. */
    private static List<ArrowType> storageTypes(Connection sqlite, ValidatedStep step, List<String> visible)
            throws SQLException {
        List<ArrowType> types = new ArrayList<>();
        if (!visible.isEmpty()) {
            StringJoiner survey = new StringJoiner(
                    ", ", "SELECT ", " FROM temp." + quote(step.step().destineTableName()));
            for (String column : visible) {
                survey.add(
                        "max(typeof(%1$s) IN ('text', 'blob')), max(typeof(%1$s) = 'real'), max(typeof(%1$s) = 'integer')"
                                .formatted(quote(column)));
            }
            try (Statement statement = sqlite.createStatement();
                    ResultSet rs = statement.executeQuery(survey.toString())) {
                rs.next();
                for (int i = 0; i < visible.size(); i++) {
                    if (rs.getInt(3 * i + 1) == 1) {
                        types.add(ArrowType.Utf8.INSTANCE);
                    } else if (rs.getInt(3 * i + 2) == 1) {
                        types.add(new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE));
                    } else if (rs.getInt(3 * i + 3) == 1) {
                        types.add(new ArrowType.Int(64, true));
                    } else {
                        types.add(ArrowType.Utf8.INSTANCE);
                    }
                }
            }
        }
        types.add(ArrowType.Utf8.INSTANCE);
        return types;
    }

    private static String literal(String text) {
        return "'" + text.replace("'", "''") + "'";
    }
}
