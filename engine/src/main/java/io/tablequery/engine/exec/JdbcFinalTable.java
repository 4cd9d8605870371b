package io.tablequery.engine.exec;

import static io.tablequery.dialects.SqlIdentifiers.literal;
import static io.tablequery.dialects.SqlIdentifiers.quote;
import static java.util.Objects.requireNonNull;

import io.tablequery.engine.error.EngineException;
import io.tablequery.engine.plan.PlanErrorCode;
import io.tablequery.engine.plan.PlanValidator;
import io.tablequery.engine.plan.ValidatedStep;
import io.tablequery.engine.provenance.LineageQuery;
import io.tablequery.engine.provenance.RowProvenance;
import io.tablequery.engine.result.ArrowRows;
import io.tablequery.engine.result.ArrowStreams;
import java.io.OutputStream;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.StringJoiner;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.duckdb.DuckDBAppender;
import org.duckdb.DuckDBConnection;
import org.duckdb.DuckDBResultSet;

/**
 * A final table kept as a temp table on a JDBC connection (SQLite or DuckDB), read in the order its rows were
 * inserted, each row with its citation: made in SQL from a hidden row column, or read from the table's lineage first
 * and put into the rows as they are read.
 */
final class JdbcFinalTable implements FinalTable {
    private static final String ROW = quote("__tq_t");
    private static final String CITE = quote("__tq_c");
    private static final int STORED_PER_INSERT = 500;

    private final Connection connection;
    private final ValidatedStep step;
    private final List<String> columns;
    private final RowLineage lineage;
    private String notice;

    private JdbcFinalTable(Connection connection, ValidatedStep step, List<String> columns, RowLineage lineage) {
        this.connection = connection;
        this.step = step;
        this.columns = List.copyOf(columns);
        this.lineage = lineage;
        this.notice = lineage.missing();
    }

    /**
     * Names a final table on a connection.
     *
     * @param connection the connection holding the steps' temp tables
     * @param step the final step
     * @param columns its visible columns ({@link #visibleColumns})
     * @param lineage how its rows' citations are read
     * @return the table
     */
    static JdbcFinalTable of(Connection connection, ValidatedStep step, List<String> columns, RowLineage lineage) {
        requireNonNull(connection, "connection is null");
        requireNonNull(step, "step is null");
        requireNonNull(columns, "columns is null");
        requireNonNull(lineage, "lineage is null");
        return new JdbcFinalTable(connection, step, columns, lineage);
    }

    /** The columns of a step's table that results show: all but the hidden provenance columns. */
    static List<String> visibleColumns(Connection connection, String table) throws SQLException {
        List<String> columns = new ArrayList<>();
        try (Statement statement = connection.createStatement();
                ResultSet rs = statement.executeQuery("SELECT * FROM temp." + quote(table) + " LIMIT 0")) {
            ResultSetMetaData meta = rs.getMetaData();
            for (int i = 1; i <= meta.getColumnCount(); i++) {
                String name = meta.getColumnName(i);
                if (!PlanValidator.hidden(name)) {
                    columns.add(name);
                }
            }
        }
        return columns;
    }

    @Override
    public List<String> columns() {
        return columns;
    }

    @Override
    public long rowCount(long reading) {
        try (Statement statement = connection.createStatement();
                ResultSet rs = statement.executeQuery("SELECT count(*) FROM temp." + table())) {
            rs.next();
            return rs.getLong(1);
        } catch (SQLException e) {
            throw readFailed(e);
        }
    }

    @Override
    public Optional<String> citationNotice() {
        return Optional.ofNullable(notice);
    }

    /**
     * {@inheritDoc} Rows that cite their source rows are read with their number, and their citations, read first, are
     * put in by {@link CitedBatches}.
     */
    @Override
    public void stream(long maxRows, BufferAllocator allocator, int batchRows, ArrowRows.BatchConsumer consumer) {
        Map<Long, String> citations = citations(maxRows);
        ArrowRows.BatchConsumer reader = consumer;
        String select;
        if (citations == null) {
            select = Citations.select(step, columns, "temp." + table(), "rowid", "VARCHAR");
        } else {
            StringJoiner numbered = new StringJoiner(", ", "SELECT ", "");
            columns.forEach(column -> numbered.add(ROW + "." + quote(column)));
            numbered.add(lineage.rowNumber().formatted(ROW) + " AS " + quote(PlanValidator.HIDDEN_PREFIX + "o"));
            select = numbered + " FROM temp." + table() + " AS " + ROW + " ORDER BY " + ROW + ".rowid";
            reader = new CitedBatches(citations, Citations.sheets(step.provenance()), allocator, consumer);
        }
        try (Statement statement = connection.createStatement();
                ResultSet rs = statement.executeQuery(select + " LIMIT " + maxRows)) {
            ArrowRows.stream(rs, allocator, batchRows, reader);
        } catch (SQLException e) {
            throw readFailed(e);
        }
    }

    /**
     * {@inheritDoc} On DuckDB the columns keep their types; on SQLite each is typed by the storage classes it holds
     * (only integers: Int64; reals, with or without integers: Float64; any text or blob: Utf8).
     */
    @Override
    public ArrowStreams.Written writeArrow(long maxRows, OutputStream out) {
        String select = citedSelect(maxRows);
        try (Statement statement = connection.createStatement();
                ResultSet rs = statement.executeQuery(select)) {
            if (rs.isWrapperFor(DuckDBResultSet.class)) {
                return ArrowStreams.write(rs.unwrap(DuckDBResultSet.class), maxRows, out);
            }
            return ArrowStreams.write(rs, storageTypes(), maxRows, out);
        } catch (SQLException e) {
            throw readFailed(e);
        }
    }

    @Override
    public List<List<Object>> values(int maxRows) {
        StringJoiner select =
                new StringJoiner(", ", "SELECT ", " FROM temp." + table() + " ORDER BY rowid LIMIT " + maxRows);
        columns.forEach(column -> select.add(quote(column)));
        List<List<Object>> rows = new ArrayList<>();
        try (Statement statement = connection.createStatement();
                ResultSet rs = statement.executeQuery(select.toString())) {
            while (rs.next()) {
                List<Object> row = new ArrayList<>(columns.size());
                for (int i = 1; i <= columns.size(); i++) {
                    row.add(ResultComparer.normalize(rs.getObject(i)));
                }
                rows.add(row);
            }
        } catch (SQLException e) {
            throw readFailed(e);
        }
        return rows;
    }

    /**
     * The query that reads the table's rows in order with their citations: made in SQL from the hidden row column, or
     * joined to the citations of the rows, read first ({@link #citations}) and kept in a temp table. When they cannot
     * be kept, the rows cite their sheets and the notice says why.
     */
    private String citedSelect(long maxRows) {
        Map<Long, String> citations = citations(maxRows);
        if (citations != null) {
            try {
                String cites =
                        PlanValidator.HIDDEN_PREFIX + "src_s" + step.step().step();
                store(cites, citations);
                StringJoiner select = new StringJoiner(", ", "SELECT ", "");
                columns.forEach(column -> select.add(ROW + "." + quote(column)));
                return select + ", COALESCE(" + CITE + ".src, " + literal(Citations.sheets(step.provenance()))
                        + ") AS " + quote(Citations.COLUMN) + " FROM temp." + table() + " AS " + ROW
                        + " LEFT JOIN temp." + quote(cites) + " AS " + CITE + " ON " + CITE + ".o = "
                        + lineage.rowNumber().formatted(ROW) + " ORDER BY " + ROW + ".rowid";
            } catch (SQLException e) {
                notice = unlisted(e);
            }
        }
        return Citations.select(step, columns, "temp." + table(), "rowid", "VARCHAR");
    }

    /**
     * The citations of the table's first rows by row number, read from its lineage query; null when its rows cite in
     * SQL (from the hidden row column, or whole sheets). When the lineage query fails or runs out of time, the rows
     * cite their sheets, the notice says why, and this is null.
     */
    private Map<Long, String> citations(long maxRows) {
        if (maxRows > 0 && lineage.query() != null && notice == null && !(step.provenance() instanceof RowProvenance)) {
            try {
                return RowCitations.read(connection, lineage, maxRows, summarized(maxRows));
            } catch (SQLException e) {
                notice = unlisted(e);
            } catch (QueryWatchdog.TimedOut e) {
                if (e.cancelled()) {
                    throw StepStatements.cancelled();
                }
                notice = CitationNotices.tooLong(step.step().step(), lineage.timeout());
            }
        }
        return null;
    }

    /** The notice that the rows cite their sheets because their citations could not be read or kept. */
    private String unlisted(SQLException e) {
        return CitationNotices.unlisted(
                step.step().step(),
                e.getMessage().lines().findFirst().orElse("").strip());
    }

    /**
     * The query of the first rows' summaries, {@code o} and each summary column, when the table has them, or null. A
     * table of row lists reads the lists of the rows whose lists are short ({@link RangeSummaries#columns}).
     */
    private String summarized(long maxRows) {
        if (lineage.summary() == null) {
            return null;
        }
        String o = lineage.rowNumber().formatted(ROW);
        StringJoiner select = new StringJoiner(", ", "SELECT " + o + " AS o, ", "");
        RangeSummaries.columns(ROW, lineage.summary(), lineage.ranges(), maxRows)
                .forEach(select::add);
        return select + " FROM temp." + table() + " AS " + ROW + " WHERE " + o + " <= " + maxRows;
    }

    /**
     * {@inheritDoc} Read from the lineage query, so every engine lists the same rows; a table whose rows cite whole
     * sheets lists none.
     */
    @Override
    public ArrowStreams.Written writeLineage(long maxRows, OutputStream out) {
        LineageQuery query = lineage.query() == null ? LineageQuery.NONE : lineage.query();
        String select = CitationRanges.download(query, maxRows, "VARCHAR");
        try (Statement statement = connection.createStatement();
                LineageStage stage = LineageStage.keep(statement, query, maxRows);
                ResultSet rs = statement.executeQuery(select)) {
            if (rs.isWrapperFor(DuckDBResultSet.class)) {
                return ArrowStreams.write(rs.unwrap(DuckDBResultSet.class), Long.MAX_VALUE, out);
            }
            ArrowType whole = new ArrowType.Int(64, true);
            return ArrowStreams.write(
                    rs, List.of(whole, ArrowType.Utf8.INSTANCE, whole, whole, whole), Long.MAX_VALUE, out);
        } catch (SQLException e) {
            throw readFailed(e);
        }
    }

    /**
     * Stores the citations in a temp table: on DuckDB through its appender (an INSERT of literal rows costs more than
     * reading the citations: 27-54 ms for 1,048 rows of TPC-H q11), on SQLite a few hundred rows per INSERT.
     */
    private void store(String table, Map<Long, String> cites) throws SQLException {
        try (Statement statement = connection.createStatement()) {
            statement.execute("DROP TABLE IF EXISTS temp." + quote(table));
            statement.execute("CREATE TEMP TABLE " + quote(table) + " (o BIGINT, src VARCHAR)");
            if (connection.isWrapperFor(DuckDBConnection.class)) {
                try (DuckDBAppender appender =
                        connection.unwrap(DuckDBConnection.class).createAppender("temp", "main", table)) {
                    for (Map.Entry<Long, String> cite : cites.entrySet()) {
                        appender.beginRow()
                                .append(cite.getKey())
                                .append(cite.getValue())
                                .endRow();
                    }
                }
                return;
            }
            StringJoiner values = null;
            int rows = 0;
            for (Map.Entry<Long, String> cite : cites.entrySet()) {
                if (values == null) {
                    values = new StringJoiner(", ", "INSERT INTO temp." + quote(table) + " (o, src) VALUES ", "");
                }
                values.add("(" + cite.getKey() + ", " + literal(cite.getValue()) + ")");
                if (++rows % STORED_PER_INSERT == 0) {
                    statement.execute(values.toString());
                    values = null;
                }
            }
            if (values != null) {
                statement.execute(values.toString());
            }
        }
    }

    private String table() {
        return quote(step.step().destineTableName());
    }

    /** Each SQLite column's Arrow type, from the storage classes its values hold; {@code __src} is text. */
    private List<ArrowType> storageTypes() throws SQLException {
        List<ArrowType> types = new ArrayList<>();
        if (!columns.isEmpty()) {
            StringJoiner survey = new StringJoiner(", ", "SELECT ", " FROM temp." + table());
            for (String column : columns) {
                survey.add(
                        "max(typeof(%1$s) IN ('text', 'blob')), max(typeof(%1$s) = 'real'), max(typeof(%1$s) = 'integer')"
                                .formatted(quote(column)));
            }
            try (Statement statement = connection.createStatement();
                    ResultSet rs = statement.executeQuery(survey.toString())) {
                rs.next();
                for (int i = 0; i < columns.size(); i++) {
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

    private static EngineException readFailed(SQLException e) {
        return new EngineException(PlanErrorCode.EXECUTION_FAILED, "could not read the results: " + e.getMessage(), e);
    }
}
