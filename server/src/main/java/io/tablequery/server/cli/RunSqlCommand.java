package io.tablequery.server.cli;

import com.fasterxml.jackson.databind.JsonNode;
import io.tablequery.engine.error.EngineException;
import io.tablequery.engine.json.JsonCodec;
import io.tablequery.engine.plan.CitationDetail;
import io.tablequery.engine.plan.PlanErrorCode;
import io.tablequery.engine.plan.PlanParser;
import io.tablequery.engine.plan.QueryPlan;
import io.tablequery.engine.plugin.ConfiguredPlugins;
import io.tablequery.engine.skill.PlanEngine;
import io.tablequery.engine.skill.RunSqlRequest;
import io.tablequery.engine.skill.SkillSettings;
import io.tablequery.server.views.RunSqlView;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code tq run-sql}: validates and runs a plan read from standard input or {@code --plan-file}. */
@Command(
        name = "run-sql",
        description = "Run a JSON plan of SQLite steps (on standard input, or --plan-file) and"
                + " print the final tables as CSV with __src citations.")
final class RunSqlCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    WorkspaceTarget target;

    @Mixin
    JsonOption json;

    @Mixin
    EngineOptions engines;

    @Option(names = "--max-rows", paramLabel = "N", description = "Rows shown across all final tables (ceiling 2000).")
    Integer maxRows;

    @Option(
            names = "--cell-max",
            paramLabel = "N",
            description = "Characters per cell before it is cut with .." + " (ceiling 10000).")
    Integer cellMax;

    @Option(
            names = "--cite-ranges",
            paramLabel = "N",
            description = "Row ranges one row's __src shows before it says how many rows it leaves out (default 20,"
                    + " ceiling 1000).")
    Integer citeRanges;

    @Option(
            names = "--citations",
            paramLabel = "D",
            defaultValue = "rows",
            description = "rows (every row cites the source rows it was computed from, the default) or sheets (joined"
                    + " and aggregated rows cite their sheets, which costs nothing to compute).")
    String citations;

    @Option(names = "--plan-file", paramLabel = "F", description = "Read the plan from this file.")
    Path planFile;

    @Option(
            names = "--engine",
            paramLabel = "E",
            defaultValue = "sqlite",
            description = "sqlite (the plan as written, the default); duckdb (translated, refused if a step does"
                    + " not translate); spark (translated, with --spark-connect); auto (the engine a plan of its size"
                    + " runs fastest on, among those it translates to, else SQLite); both (SQLite and DuckDB, compared);"
                    + " both:E or both:E1,E2 (another pair).")
    String engine;

    @Override
    public Integer call() {
        String text = readPlan();
        PlanEngine planEngine = PlanEngine.parse(engine);
        QueryPlan plan = PlanParser.parse(text);
        Map<String, Object> request = new LinkedHashMap<>();
        request.put("plan", JsonCodec.read(text, JsonNode.class));
        request.put("maxRows", maxRows);
        request.put("cellMax", cellMax);
        request.put("engine", engine);
        request.put("citeRanges", citeRanges);
        request.put("citations", citations);
        CitationDetail detail;
        try {
            detail = CitationDetail.parse(citations);
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--citations: " + e.getMessage());
        }
        if (engines.given()) {
            target.startNoServer();
        }
        JsonNode response;
        try (ConfiguredPlugins plugins = engines.configure()) {
            response = target.call(
                    skill -> RunSqlView.of(
                            skill.runSql(new RunSqlRequest(plan, maxRows, cellMax, planEngine, citeRanges, detail)),
                            skill.names()),
                    "run-sql",
                    request,
                    SkillSettings.DEFAULTS.withEngines(plugins.engines()));
        }
        SkillOutput.print(spec.commandLine().getOut(), json, response);
        return 0;
    }

    private String readPlan() {
        Caller caller = Caller.of(spec);
        try {
            if (planFile != null) {
                return Files.readString(caller.resolve(planFile), StandardCharsets.UTF_8);
            }
            if (caller.interactive()) {
                throw new EngineException(
                        PlanErrorCode.INVALID_PLAN,
                        "no plan: pipe it on standard input (run-sql <<'PLAN' ... PLAN) or pass --plan-file F");
            }
            byte[] bytes = caller.standardInput().readNBytes(PlanParser.MAX_PLAN_CHARS * 4 + 1);
            return new String(bytes, StandardCharsets.UTF_8);
        } catch (IOException e) {
            // The file as it was given: a command a server runs for a launcher opens it from the launcher's directory.
            String why = e instanceof NoSuchFileException
                    ? "no such file"
                    : e instanceof AccessDeniedException
                            ? "permission denied"
                            : e instanceof FileSystemException fs && fs.getReason() != null
                                    ? fs.getReason()
                                    : e.getMessage();
            throw new EngineException(
                    PlanErrorCode.INVALID_PLAN,
                    "could not read the plan%s: %s"
                            .formatted(planFile == null ? " from standard input" : " from " + planFile, why),
                    e);
        }
    }
}
