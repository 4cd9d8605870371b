package io.tablequery.engine.skill;

import static java.util.Objects.requireNonNull;

import io.tablequery.dialects.SqlIdentifiers;
import io.tablequery.dialects.translate.RealSums;
import io.tablequery.dialects.translate.SqliteToDuckDb;
import io.tablequery.dialects.translate.Translation;
import io.tablequery.engine.catalog.CatalogSnapshot;
import io.tablequery.engine.catalog.NameSuggestions;
import io.tablequery.engine.catalog.TableInfo;
import io.tablequery.engine.error.EngineException;
import io.tablequery.engine.exec.RunSqlResult;
import io.tablequery.engine.exec.TranslationCatalog;
import io.tablequery.engine.joins.JoinGraph;
import io.tablequery.engine.plan.PlanErrorCode;
import io.tablequery.engine.plan.PlanValidator;
import io.tablequery.engine.plan.SkillNames;
import io.tablequery.engine.plan.ValidatedPlan;
import io.tablequery.engine.provenance.RowCitation;
import io.tablequery.engine.result.ArrowStreams;
import io.tablequery.engine.result.ResultLimits;
import io.tablequery.engine.search.SearchResult;
import io.tablequery.engine.search.TableSearcher;
import io.tablequery.engine.workspace.DerivedKey;
import io.tablequery.engine.workspace.SqliteSession;
import io.tablequery.engine.workspace.Workspace;
import java.io.OutputStream;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.StringJoiner;

/** The table-query skill over one workspace: search-tables, get-schemas and run-sql. */
public final class TableQuerySkill {
    private final Workspace workspace;
    private final SkillSettings settings;

    /**
     * Creates the skill for a workspace.
     *
     * @param workspace the open workspace
     * @param settings the defaults and limits
     */
    public TableQuerySkill(Workspace workspace, SkillSettings settings) {
        this.workspace = requireNonNull(workspace, "workspace is null");
        this.settings = requireNonNull(settings, "settings is null");
    }

    /**
     * Ranks the workspace's tables for a question.
     *
     * @param query the question or keywords
     * @param topK how many tables to return
     * @return the tables found, best first
     */
    public SearchResult searchTables(String query, int topK) {
        if (query == null || query.isBlank()) {
            throw new EngineException(
                    SkillErrorCode.INVALID_ARGUMENT,
                    "the query is empty; pass %s with the words to look for"
                            .formatted(settings.names().query()));
        }
        if (topK < 1 || topK > TableSearcher.MAX_TOP_K) {
            throw new EngineException(
                    SkillErrorCode.INVALID_ARGUMENT,
                    "%s must be 1 to %d, not %d".formatted(settings.names().topK(), TableSearcher.MAX_TOP_K, topK));
        }
        return workspace.searchTables(query, topK);
    }

    /**
     * Describes tables: their CREATE TABLE, sample rows and column profiles.
     *
     * @param tableNames the table names, as given ({@code "a,b"} already split); quotes around a name are ignored
     * @return one schema per distinct table, in the order given
     * @throws EngineException TABLE_NOT_FOUND naming the nearest tables
     */
    public List<TableSchema> getSchemas(List<String> tableNames) {
        CatalogSnapshot catalog = profiledCatalog(tableNames);
        List<TableInfo> tables = new ArrayList<>();
        List<String> unknown = new ArrayList<>();
        for (String given : tableNames) {
            String name = unquote(given.strip());
            if (name.isEmpty()) {
                continue;
            }
            Optional<TableInfo> table = catalog.table(name);
            if (table.isEmpty()) {
                if (!unknown.contains(name)) {
                    unknown.add(name);
                }
            } else if (!tables.contains(table.get())) {
                tables.add(table.get());
            }
        }
        if (!unknown.isEmpty()) {
            throw unknownTables(unknown, catalog, settings.names());
        }
        if (tables.isEmpty()) {
            throw new EngineException(
                    SkillErrorCode.INVALID_ARGUMENT,
                    "no table named; pass %s with names from %s"
                            .formatted(
                                    settings.names().tables(), settings.names().searchTables()));
        }
        List<TableSchema> schemas = new ArrayList<>();
        List<TableInfo> toDescribe = new ArrayList<>();
        for (TableInfo table : tables) {
            workspace.derived(catalog, schemaKey(table)).ifPresentOrElse(schemas::add, () -> toDescribe.add(table));
        }
        if (toDescribe.isEmpty()) {
            return schemas;
        }
        JoinGraph joins = workspace.joins(catalog);
        try (SqliteSession session = workspace.sqliteSession()) {
            for (TableInfo table : toDescribe) {
                TableSchema schema = SchemaDescriber.describe(session.connection(), catalog, joins, table);
                workspace.keepDerived(catalog, schemaKey(table), schema);
                schemas.add(schema);
            }
            schemas.sort(Comparator.comparingInt(schema -> tables.indexOf(schema.table())));
            return schemas;
        } catch (SQLException e) {
            throw new EngineException(
                    PlanErrorCode.EXECUTION_FAILED, "could not read the tables' schemas: " + e.getMessage(), e);
        }
    }

    /** A table's description is kept with the commit it was read from, since its sample rows cost several reads. */
    private static DerivedKey<TableSchema> schemaKey(TableInfo table) {
        return new DerivedKey<>("schema:" + table.name(), TableSchema.class);
    }

    /**
     * Returns how this skill's callers name its tools and arguments, which its answers' hints use.
     *
     * @return the names
     */
    public SkillNames names() {
        return settings.names();
    }

    /**
     * Validates and runs a plan. Nothing runs unless the whole plan passes the checks.
     *
     * @param request the plan and its options
     * @return the final tables, cut to the ceilings, with their citations
     */
    public RunSqlResult runSql(RunSqlRequest request) {

        List<String> notices = new ArrayList<>();
        int maxRows = ceiling(
                settings.names().maxRows(),
                request.maxRows(),
                settings.defaultMaxRows(),
                0,
                ResultLimits.MAX_ROWS_CEILING,
                notices);
        int cellMax = ceiling(
                settings.names().cellMax(),
                request.cellMax(),
                settings.defaultCellMax(),
                1,
                ResultLimits.CELL_MAX_CEILING,
                notices);
        int citeRanges = ceiling(
                "cite ranges",
                request.citeRanges(),
                RowCitation.DEFAULT_RANGES,
                1,
                ResultLimits.CITE_RANGES_CEILING,
                notices);
        ResultLimits limits = new ResultLimits(maxRows, cellMax, settings.outputBudget(), citeRanges);
        CatalogSnapshot catalog = workspace.catalog();
        ValidatedPlan plan = PlanValidator.validate(request.plan(), catalog, settings.names(), request.citations());
        return new PlanExecution(workspace, settings).run(request.engine(), plan, catalog, limits, notices);
    }

    /**
     * Validates and runs a plan, then writes one final table whole, with its {@code __src} citations, as an Arrow IPC
     * stream for analysts: no row or cell ceiling but {@code maxRows}. The request's {@code maxRows} and {@code
     * cellMax} do not apply; its cite ranges out of their bounds are refused, as the stream has no notice to say that
     * another number was used.
     *
     * @param request the plan and its engine
     * @param step the final step to write, or null for the last
     * @param maxRows the most rows to write
     * @param lineage whether to write the table's lineage, a row per row of the table and source row it was computed
     *     from, instead of its rows
     * @param out where the stream goes
     * @return the rows written and whether the table had more
     */
    public ArrowStreams.Written exportArrow(
            RunSqlRequest request, Integer step, long maxRows, boolean lineage, OutputStream out) {
        CatalogSnapshot catalog = workspace.catalog();
        ValidatedPlan plan = PlanValidator.validate(request.plan(), catalog, settings.names(), request.citations());
        int citeRanges = request.citeRanges() == null ? RowCitation.DEFAULT_RANGES : request.citeRanges();
        if (citeRanges < 1 || citeRanges > ResultLimits.CITE_RANGES_CEILING) {
            throw new EngineException(
                    PlanErrorCode.INVALID_PLAN,
                    "cite ranges must be 1 to %,d, not %,d".formatted(ResultLimits.CITE_RANGES_CEILING, citeRanges));
        }
        return new PlanExecution(workspace, settings)
                .exportArrow(request.engine(), plan, catalog, step, maxRows, citeRanges, lineage, out);
    }

    /** How run-sql's engines other than SQLite add reals (their last digit can differ from SQLite's). */
    public static final RealSums ENGINE_SUMS = PlanExecution.ENGINE_SUMS;

    /**
     * Translates one SQLite statement to DuckDB against the workspace's tables, adding reals as SQLite does (what
     * {@code tq translate} prints).
     *
     * @param sql a {@code SELECT}, {@code WITH} or {@code CREATE TEMP TABLE ... AS} statement
     * @return the DuckDB SQL, or why the statement stays on SQLite
     */
    public Translation translate(String sql) {
        return translate(sql, RealSums.SQLITE);
    }

    /**
     * Translates one SQLite statement to DuckDB against the workspace's tables; with {@link #ENGINE_SUMS}, as run-sql
     * runs it on DuckDB.
     *
     * @param sql a {@code SELECT}, {@code WITH} or {@code CREATE TEMP TABLE ... AS} statement
     * @param realSums how sums of reals are added
     * @return the DuckDB SQL, or why the statement stays on SQLite
     */
    public Translation translate(String sql, RealSums realSums) {
        if (sql == null || sql.isBlank()) {
            throw new EngineException(
                    SkillErrorCode.INVALID_ARGUMENT,
                    "the SQL is empty; pass %s with the statement"
                            .formatted(settings.names().sql()));
        }
        try (SqliteSession session = workspace.sqliteSession()) {
            return SqliteToDuckDb.translate(
                    sql, new TranslationCatalog(workspace.catalog(), session.connection()), realSums);
        }
    }

    /**
     * The catalog, once the tables asked for have their column profiles: a large table's is made from its DuckDB copy
     * after the upload commits, and get-schemas waits for it within the time limit (an upload of a million rows is
     * profiled about a second after it answers). Past it, the schemas come without those profiles.
     */
    private CatalogSnapshot profiledCatalog(List<String> tableNames) {
        CatalogSnapshot catalog = workspace.catalog();
        boolean unprofiled = tableNames.stream()
                .map(name -> catalog.table(unquote(name.strip())))
                .flatMap(Optional::stream)
                .anyMatch(table -> catalog.profile(table).isEmpty());
        if (!unprofiled) {
            return catalog;
        }
        try {
            workspace.awaitProfiles(settings.queryTimeout());
        } catch (EngineException e) {
            // The schemas are shown without the profiles that are not made yet.
        }
        return workspace.catalog();
    }

    /**
     * The error naming every table asked for that the workspace does not have, each with the nearest names, so an
     * agent mends all of them in one more call.
     */
    private static EngineException unknownTables(List<String> unknown, CatalogSnapshot catalog, SkillNames callers) {
        List<String> names = catalog.tables().stream().map(TableInfo::name).toList();
        String search = " Find tables with %s.".formatted(callers.searchTables());
        if (unknown.size() == 1) {
            String name = unknown.get(0);
            String hint = NameSuggestions.hint(name, names);
            return new EngineException(
                    SkillErrorCode.TABLE_NOT_FOUND,
                    "no table %s in this workspace.%s".formatted(SqlIdentifiers.quote(name), hint)
                            + (hint.isEmpty() ? search : ""),
                    null,
                    Map.of("unknownTables", unknown));
        }
        StringJoiner each = new StringJoiner("; ");
        boolean unhinted = false;
        for (String name : unknown) {
            String hint = NameSuggestions.hint(name, names);
            unhinted |= hint.isEmpty();
            each.add(SqlIdentifiers.quote(name) + (hint.isEmpty() ? ": nothing near it" : ":" + hint));
        }
        return new EngineException(
                SkillErrorCode.TABLE_NOT_FOUND,
                "%d tables are not in this workspace: %s.%s".formatted(unknown.size(), each, unhinted ? search : ""),
                null,
                Map.of("unknownTables", unknown));
    }

    private static String unquote(String name) {
        if (name.length() >= 2 && name.startsWith("\"") && name.endsWith("\"")) {
            return name.substring(1, name.length() - 1).replace("\"\"", "\"");
        }
        return name;
    }

    private static int ceiling(
            String option, Integer requested, int fallback, int minimum, int ceiling, List<String> notices) {
        if (requested == null) {
            return fallback;
        }
        if (requested < minimum) {
            throw new EngineException(
                    PlanErrorCode.INVALID_PLAN, "%s must be at least %d, not %d".formatted(option, minimum, requested));
        }
        if (requested > ceiling) {
            notices.add("%s %,d is above the hard ceiling; %,d was used.".formatted(option, requested, ceiling));
            return ceiling;
        }
        return requested;
    }
}
