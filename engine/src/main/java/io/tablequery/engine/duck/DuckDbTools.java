package io.tablequery.engine.duck;

import static io.tablequery.dialects.SqlIdentifiers.quote;
import static java.util.Objects.requireNonNull;

import com.fasterxml.jackson.databind.JsonNode;
import io.tablequery.engine.catalog.CatalogErrorCode;
import io.tablequery.engine.catalog.CatalogSnapshot;
import io.tablequery.engine.catalog.FileRefs;
import io.tablequery.engine.catalog.NameSuggestions;
import io.tablequery.engine.catalog.TableInfo;
import io.tablequery.engine.error.EngineException;
import io.tablequery.engine.error.HostPaths;
import io.tablequery.engine.exec.QueryDeadline;
import io.tablequery.engine.exec.QueryWatchdog;
import io.tablequery.engine.ingest.values.CoercionReport;
import io.tablequery.engine.result.ArrowStreams;
import io.tablequery.engine.store.DuckDbStorage;
import io.tablequery.engine.workspace.Workspace;
import java.io.OutputStream;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.duckdb.DuckDBResultSet;

/**
 * The DuckDB tools over one workspace. Each call takes its own connection to the workspace's DuckDB database, where
 * the tables are views in {@code main} with native types. Failures are answered, not thrown: {@code success: false}
 * with {@code error} and a stable {@code code}.
 */
public final class DuckDbTools {
    private static final Pattern TRAILING_SEMICOLONS = Pattern.compile("[\\s;]+$");
    private static final Pattern MISSING_TABLE = Pattern.compile("Table with name ([^ ]+) does not exist");

    private final Workspace workspace;
    private final DuckToolSettings settings;

    /**
     * Creates the tools for a workspace.
     *
     * @param workspace the open workspace
     * @param settings the limits
     */
    public DuckDbTools(Workspace workspace, DuckToolSettings settings) {
        this.workspace = requireNonNull(workspace, "workspace is null");
        this.settings = requireNonNull(settings, "settings is null");
    }

    /** The tools this release serves, by their seed names. */
    public static final String TOOLS =
            "queryDuckDB, getTableSchema, getSampleRows, getTableList, analyzeDataQuality, compareTables, chart";

    /**
     * Calls a tool by its seed name with its seed arguments, as HTTP and the CLI receive them.
     *
     * @param tool one of {@link #TOOLS}
     * @param args the arguments by their names: {@code query}, {@code tableName}, {@code limit}, {@code tableA},
     *     {@code tableB}, {@code key}; for chart also {@code kind}, {@code x}, {@code y}, {@code series}, {@code title},
     *     {@code png}
     * @return the tool's answer; an unknown tool or a missing argument is answered as a failure
     */
    public DuckToolAnswer call(String tool, JsonNode args) {
        JsonNode limit = args.get("limit");
        if (limit != null && !limit.isNull() && !limit.canConvertToInt()) {
            return DuckToolResult.failure(DuckToolErrorCode.INVALID_ARGUMENT, "limit must be a whole number");
        }
        return switch (tool) {
            case "queryDuckDB" ->
                args.path("query").isTextual() ? queryDuckDB(args.get("query").textValue()) : missing("query", tool);
            case "getTableSchema" ->
                args.path("tableName").isTextual()
                        ? getTableSchema(args.get("tableName").textValue())
                        : missing("tableName", tool);
            case "getSampleRows" ->
                args.path("tableName").isTextual()
                        ? getSampleRows(
                                args.get("tableName").textValue(),
                                limit == null || limit.isNull() ? null : limit.intValue())
                        : missing("tableName", tool);
            case "getTableList" -> getTableList();
            case "compareTables" ->
                args.path("tableA").isTextual() && args.path("tableB").isTextual()
                        ? compareTables(
                                args.get("tableA").textValue(),
                                args.get("tableB").textValue(),
                                args.path("key").isTextual() ? args.get("key").textValue() : null)
                        : missing("tableA and tableB", tool);
            case "analyzeDataQuality" ->
                args.path("tableName").isTextual()
                        ? analyzeDataQuality(args.get("tableName").textValue())
                        : missing("tableName", tool);
            case "chart" ->
                args.path("kind").isTextual()
                        ? chart(
                                text(args, "query"),
                                text(args, "tableName"),
                                args.get("kind").textValue(),
                                text(args, "x"),
                                text(args, "y"),
                                text(args, "series"),
                                text(args, "title"),
                                args.path("png").asBoolean(false))
                        : missing("kind (%s)".formatted(ChartKind.NAMES), tool);
            default ->
                DuckToolResult.failure(
                        DuckToolErrorCode.INVALID_ARGUMENT,
                        "no tool '%s'; this release serves %s".formatted(tool, TOOLS));
        };
    }

    private static String text(JsonNode args, String name) {
        return args.path(name).isTextual() ? args.get(name).textValue() : null;
    }

    private static DuckToolResult missing(String argument, String tool) {
        return DuckToolResult.failure(
                DuckToolErrorCode.INVALID_ARGUMENT, "%s needs the string argument %s".formatted(tool, argument));
    }

    /**
     * queryDuckDB: runs one reading statement.
     *
     * @param query DuckDB SQL
     * @return the columns, the first rows, the full row count and the column count
     */
    public DuckToolResult queryDuckDB(String query) {
        return withConnection(connection -> {
            Optional<String> refusal = DuckQueryGuard.refusal(connection, query);
            if (refusal.isPresent()) {
                return DuckToolResult.failure(DuckToolErrorCode.QUERY_REFUSED, refusal.get());
            }
            DuckResults.Read read = run(connection, query, settings.maxRows());
            return new DuckToolResult(
                    true,
                    null,
                    read.columns(),
                    read.rows(),
                    read.rowCount(),
                    read.columns().size(),
                    read.truncatedRows() ? Boolean.TRUE : null,
                    null,
                    null,
                    null,
                    null);
        });
    }

    /**
     * queryDuckDB's full result, untruncated, as an Arrow IPC stream: the batches DuckDB exports through the Arrow
     * C data interface are written as they come, up to {@code maxRows} rows, under the query time limit. The query
     * passes the same checks as queryDuckDB; a refusal or failure writes nothing.
     *
     * @param query DuckDB SQL
     * @param maxRows the most rows to write; the stream stops there and says it was cut
     * @param out where the stream goes
     * @return the rows written, or the failure
     */
    public ArrowExport exportArrow(String query, long maxRows, OutputStream out) {
        try (Connection connection = openCopy()) {
            Optional<String> refusal = DuckQueryGuard.refusal(connection, query);
            if (refusal.isPresent()) {
                return ArrowExport.failed(DuckToolResult.failure(DuckToolErrorCode.QUERY_REFUSED, refusal.get()));
            }
            try (Statement statement = connection.createStatement()) {
                return QueryWatchdog.run(statement, settings.queryTimeout().toNanos(), () -> {
                    try (ResultSet rs = statement.executeQuery(query)) {
                        ArrowStreams.Written written =
                                ArrowStreams.write(rs.unwrap(DuckDBResultSet.class), maxRows, out);
                        return new ArrowExport(written.rows(), written.truncated(), null);
                    }
                });
            }
        } catch (QueryWatchdog.TimedOut e) {
            return ArrowExport.failed(stopped(e.cancelled()));
        } catch (SQLException e) {
            return ArrowExport.failed(failed(e));
        } catch (EngineException e) {
            return ArrowExport.failed(DuckToolResult.failure(copyCode(e), e.getMessage()));
        }
    }

    /**
     * getTableSchema: the table's columns and the raw DESCRIBE rows.
     *
     * @param tableName the table
     * @return {@code columns [{column_name, column_type}]} and {@code rows}
     */
    public DuckToolResult getTableSchema(String tableName) {
        Optional<TableInfo> table = table(tableName);
        if (table.isEmpty()) {
            return unknownTable(tableName);
        }
        return withConnection(connection -> {
            DuckResults.Read read = run(connection, "DESCRIBE " + qualified(table.get()), Integer.MAX_VALUE);
            List<Map<String, String>> columns = new ArrayList<>();
            for (Map<String, Object> row : read.rows()) {
                Map<String, String> column = new LinkedHashMap<>();
                column.put("column_name", String.valueOf(row.get("column_name")));
                column.put("column_type", String.valueOf(row.get("column_type")));
                columns.add(column);
            }
            return new DuckToolResult(
                    true,
                    table.get().name(),
                    columns,
                    read.rows(),
                    null,
                    null,
                    null,
                    null,
                    warnings(table.get()),
                    null,
                    null);
        });
    }

    /**
     * getSampleRows: the first rows of a table.
     *
     * @param tableName the table
     * @param limit rows wanted, or null for the default; more than the maximum are lowered to it, and then, when the
     *     table has more rows than that, {@code _truncatedRows} says so
     * @return the columns and rows, and how many rows came back
     */
    public DuckToolResult getSampleRows(String tableName, Integer limit) {
        int rows = limit == null ? settings.defaultSampleRows() : limit;
        if (rows < 1) {
            return DuckToolResult.failure(
                    DuckToolErrorCode.INVALID_ARGUMENT, "limit must be at least 1, not %d".formatted(rows));
        }
        boolean lowered = rows > settings.maxSampleRows();
        rows = Math.min(rows, settings.maxSampleRows());
        Optional<TableInfo> table = table(tableName);
        if (table.isEmpty()) {
            return unknownTable(tableName);
        }
        int limited = rows;
        Boolean truncated = lowered && table.get().rowCount() > limited ? Boolean.TRUE : null;
        return withConnection(connection -> {
            DuckResults.Read read =
                    run(connection, "SELECT * FROM " + qualified(table.get()) + " LIMIT " + limited, limited);
            return new DuckToolResult(
                    true,
                    table.get().name(),
                    read.columns(),
                    read.rows(),
                    (long) read.rows().size(),
                    null,
                    truncated,
                    null,
                    warnings(table.get()),
                    null,
                    null);
        });
    }

    /**
     * analyzeDataQuality: per column nulls, distinct values, bounds, means, outliers and text that reads as numbers
     * or dates; duplicate rows; and what ingest changed, from the file's ingest report.
     *
     * @param tableName the table
     * @return the analysis
     */
    public DuckToolAnswer analyzeDataQuality(String tableName) {
        Optional<TableInfo> table = table(tableName);
        if (table.isEmpty()) {
            DuckToolResult unknown = unknownTable(tableName);
            return DataQualityResult.failure(DuckToolErrorCode.TABLE_NOT_FOUND, unknown.error());
        }
        List<CoercionReport> coercions = workspace.report(table.get().fileNumber()).sheets().stream()
                .filter(sheet -> table.get().name().equals(sheet.table()))
                .flatMap(sheet -> sheet.coercions().stream())
                .toList();
        return underDeadline(
                (connection, deadline) -> DataQualityAnalyzer.analyze(connection, deadline, table.get(), coercions),
                DataQualityResult::failure);
    }

    /**
     * compareTables: the schema diff of two tables and, by key or else by whole rows, their data diff.
     *
     * @param tableA the first table
     * @param tableB the second table
     * @param key a column of both to match rows by, or null to compare whole rows
     * @return the differences, as counts and samples of up to the row limit
     */
    public DuckToolAnswer compareTables(String tableA, String tableB, String key) {
        Optional<TableInfo> a = table(tableA);
        Optional<TableInfo> b = table(tableB);
        if (a.isEmpty() || b.isEmpty()) {
            return CompareResult.failure(
                    DuckToolErrorCode.TABLE_NOT_FOUND,
                    unknownTable(a.isEmpty() ? tableA : tableB).error());
        }
        return underDeadline(
                (connection, deadline) ->
                        TableComparer.compare(connection, deadline, a.get(), b.get(), key, settings.maxRows()),
                CompareResult::failure);
    }

    /**
     * chart: a Vega-Lite specification of a query's or a table's rows and, when asked, a PNG of it. Bars, lines and
     * pies sum y per x (or count rows when y is left out); a scatter plot keeps the rows; a histogram counts x in up
     * to 20 bins. At most {@value ChartMaker#MAX_POINTS} data rows go into the specification.
     *
     * @param query DuckDB SQL giving the rows, or null
     * @param tableName the table giving the rows, when there is no query
     * @param kind bar, line, scatter (point), arc (pie) or histogram
     * @param x the x column (a pie's labels; a histogram's values)
     * @param y the y column, or null
     * @param series the column splitting the rows into colored series, or null
     * @param title the chart's title, or null for one made from the columns
     * @param png whether to render a PNG too
     * @return the specification, the data row count, and the PNG as base64
     */
    public ChartResult chart(
            String query, String tableName, String kind, String x, String y, String series, String title, boolean png) {
        Optional<ChartKind> chartKind = ChartKind.parse(kind);
        if (chartKind.isEmpty()) {
            return ChartResult.failure(
                    DuckToolErrorCode.INVALID_ARGUMENT,
                    "no chart kind '%s'; the kinds are %s".formatted(kind, ChartKind.NAMES));
        }
        if ((query == null) == (tableName == null)) {
            return ChartResult.failure(
                    DuckToolErrorCode.INVALID_ARGUMENT,
                    "chart needs either query (DuckDB SQL giving the rows) or tableName, not both");
        }
        String source;
        if (tableName != null) {
            Optional<TableInfo> table = table(tableName);
            if (table.isEmpty()) {
                return ChartResult.failure(
                        DuckToolErrorCode.TABLE_NOT_FOUND,
                        unknownTable(tableName).error());
            }
            source = qualified(table.get());
        } else {
            source = "(\n" + TRAILING_SEMICOLONS.matcher(query).replaceAll("") + "\n)";
        }
        ChartRequest request = new ChartRequest(source, chartKind.get(), x, y, series, title, png);
        return underDeadline(
                (connection, deadline) -> {
                    Optional<String> refusal =
                            query == null ? Optional.empty() : DuckQueryGuard.refusal(connection, query);
                    return refusal.isPresent()
                            ? ChartResult.failure(DuckToolErrorCode.QUERY_REFUSED, refusal.get())
                            : ChartMaker.make(connection, deadline, request, settings.maxStringChars());
                },
                ChartResult::failure);
    }

    /**
     * getTableList: every table with its row count, source file and sheet, and description.
     *
     * @return the tables
     */
    public DuckToolResult getTableList() {
        CatalogSnapshot catalog = workspace.catalog();
        List<DuckToolResult.TableEntry> tables = new ArrayList<>();
        for (TableInfo table : catalog.tables()) {
            tables.add(new DuckToolResult.TableEntry(
                    table.name(),
                    table.rowCount(),
                    FileRefs.format(table.fileNumber()),
                    catalog.fileName(table.fileNumber()),
                    table.sheetNumber(),
                    table.sheetName(),
                    table.description(),
                    table.layoutWarnings()));
        }
        return new DuckToolResult(true, null, null, null, null, null, null, tables, null, null, null);
    }

    private static List<String> warnings(TableInfo table) {
        return table.layoutWarnings().isEmpty() ? null : table.layoutWarnings();
    }

    /** Work on a connection of its own. */
    @FunctionalInterface
    private interface ConnectionWork {
        DuckToolResult run(Connection connection) throws SQLException, QueryWatchdog.TimedOut;
    }

    /** Work of several statements on a connection of its own, under one deadline. */
    @FunctionalInterface
    private interface DeadlineWork<A> {
        A run(Connection connection, QueryDeadline deadline) throws SQLException;
    }

    /** Makes a tool's failure answer in its own shape. */
    @FunctionalInterface
    private interface Failure<A> {
        A of(DuckToolErrorCode code, String error);
    }

    /**
     * Runs work of several statements on a new connection under one deadline, answering a timeout or DuckDB's refusal
     * the tools' way, in the shape of the tool's answer.
     */
    private <A extends DuckToolAnswer> A underDeadline(DeadlineWork<A> work, Failure<A> failure) {
        try (Connection connection = openCopy();
                QueryDeadline deadline =
                        QueryDeadline.start(settings.queryTimeout().toNanos())) {
            try {
                return work.run(connection, deadline);
            } catch (SQLException e) {
                DuckToolResult answer = deadline.expired() ? stopped(deadline.cancelled()) : failed(e);
                return failure.of(DuckToolErrorCode.valueOf(answer.code()), answer.error());
            }
        } catch (SQLException e) {
            return failure.of(DuckToolErrorCode.QUERY_FAILED, HostPaths.scrub(String.valueOf(e.getMessage())));
        } catch (EngineException e) {
            return failure.of(copyCode(e), e.getMessage());
        }
    }

    /** Runs work on a new connection, answering a timeout or DuckDB's refusal the tools' way. */
    private DuckToolResult withConnection(ConnectionWork work) {
        try (Connection connection = openCopy()) {
            return work.run(connection);
        } catch (QueryWatchdog.TimedOut e) {
            return stopped(e.cancelled());
        } catch (SQLException e) {
            return failed(e);
        } catch (EngineException e) {
            return DuckToolResult.failure(copyCode(e), e.getMessage());
        }
    }

    /**
     * A connection to the DuckDB copy once it has followed the last upload, waited for within the tools' time limit:
     * the tools never read a copy behind the catalog.
     */
    private Connection openCopy() {
        return workspace.openDuckDb(settings.queryTimeout());
    }

    /** The tools' code for the DuckDB copy still following an upload, or failing to; any other error goes on. */
    private static DuckToolErrorCode copyCode(EngineException e) {
        if (e.getErrorCode() == CatalogErrorCode.DUCKDB_COPY_PENDING.toErrorCode()) {
            return DuckToolErrorCode.COPY_PENDING;
        }
        if (e.getErrorCode() == CatalogErrorCode.DUCKDB_COPY_FAILED.toErrorCode()) {
            return DuckToolErrorCode.COPY_FAILED;
        }
        throw e;
    }

    private DuckResults.Read run(Connection connection, String sql, int maxRows)
            throws SQLException, QueryWatchdog.TimedOut {
        try (Statement statement = connection.createStatement()) {
            return QueryWatchdog.run(statement, settings.queryTimeout().toNanos(), () -> {
                try (ResultSet rs = statement.executeQuery(sql)) {
                    return DuckResults.read(rs, maxRows, settings.maxStringChars());
                }
            });
        }
    }

    private Optional<TableInfo> table(String tableName) {
        return tableName == null ? Optional.empty() : workspace.catalog().table(tableName.strip());
    }

    private static String qualified(TableInfo table) {
        return quote(DuckDbStorage.NATIVE_SCHEMA, table.name());
    }

    private DuckToolResult unknownTable(String tableName) {
        List<String> names =
                workspace.catalog().tables().stream().map(TableInfo::name).toList();
        return DuckToolResult.failure(
                DuckToolErrorCode.TABLE_NOT_FOUND,
                "Table '%s' not found.%s Use getTableList to see the tables."
                        .formatted(tableName, NameSuggestions.hint(String.valueOf(tableName), names)));
    }

    /** The answer of a query stopped by its time limit, or because its call was cancelled. */
    private DuckToolResult stopped(boolean cancelled) {
        if (cancelled) {
            return DuckToolResult.failure(
                    DuckToolErrorCode.CANCELLED,
                    "the query was stopped because the server is stopping or its client went away; run it again");
        }
        return DuckToolResult.failure(
                DuckToolErrorCode.QUERY_TIMEOUT,
                "the query ran longer than %d seconds and was cancelled; filter or aggregate more"
                        .formatted(settings.queryTimeout().toSeconds()));
    }

    /** DuckDB's message, with the seed's advice for the usual mistakes. */
    private DuckToolResult failed(SQLException e) {
        String message = HostPaths.scrub(String.valueOf(e.getMessage()).strip());
        Matcher missing = MISSING_TABLE.matcher(message);
        if (missing.find()) {
            return unknownTable(missing.group(1));
        }
        if (message.contains("Cannot compare")
                || message.contains("Could not convert")
                || message.contains("No function matches")) {
            message += "\nCast types with CAST(x AS type) or x::type.";
        }
        return DuckToolResult.failure(DuckToolErrorCode.QUERY_FAILED, message);
    }
}
