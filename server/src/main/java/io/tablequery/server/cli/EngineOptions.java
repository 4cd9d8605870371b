package io.tablequery.server.cli;

import io.tablequery.engine.plugin.ConfiguredPlugins;
import io.tablequery.engine.workspace.WorkspaceOptions;
import io.tablequery.server.http.WorkspaceLifecycle;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import picocli.CommandLine;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * The options of the engines that live in jars of their own: Spark's by name, and any engine's as
 * {@code --engine-option NAME.KEY=VALUE}, so that a new engine needs no new option here.
 */
final class EngineOptions {
    @Spec(Spec.Target.MIXEE)
    CommandLine.Model.CommandSpec spec;

    @Option(
            names = "--spark-connect",
            paramLabel = "URL",
            description = "Offer engine spark: run plans on the Spark cluster of this Spark Connect address"
                    + " (sc://HOST:PORT); needs --spark-data and tq-spark.jar beside tq.jar.")
    String sparkConnect;

    @Option(
            names = "--spark-data",
            paramLabel = "DIR",
            description =
                    "Where tables are exported as Parquet for Spark: a directory every Spark executor reads at the"
                            + " same path.")
    String sparkData;

    @Option(
            names = "--spark-auto-rows",
            paramLabel = "N",
            description = "Engine auto runs a plan on Spark from this many rows read (default: what fits comfortably"
                    + " in DuckDB's memory limit, about 25 rows per KiB of it).")
    Long sparkAutoRows;

    @Option(
            names = "--spark-jar",
            paramLabel = "JAR",
            description = "The Spark engine's jar, if not tq-spark.jar beside tq.jar.")
    Path sparkJar;

    @Option(
            names = "--engine-option",
            paramLabel = "ENGINE.KEY=VALUE",
            description = "An option of an engine plugin, such as spark.connect=sc://host:15002 (repeatable).")
    List<String> engineOptions = new ArrayList<>();

    /**
     * Configures the plugins that were given options, for a command whose workspace has the default DuckDB memory
     * limit.
     *
     * @return the configured plugins, none when no engine option was given
     */
    ConfiguredPlugins configure() {
        return configure(WorkspaceLifecycle.bytes(WorkspaceOptions.DEFAULTS.duckDbMemoryLimit()));
    }

    /**
     * Configures the plugins that were given options.
     *
     * @param duckDbMemoryBytes DuckDB's memory limit per workspace, from which Spark's default threshold follows
     * @return the configured plugins, none when no engine option was given
     */
    ConfiguredPlugins configure(long duckDbMemoryBytes) {
        Map<String, Map<String, String>> options = new LinkedHashMap<>();
        for (String option : engineOptions) {
            int dot = option.indexOf('.');
            int equals = option.indexOf('=');
            if (dot < 1 || equals < dot + 2) {
                throw new CommandLine.ParameterException(
                        spec.commandLine(), "--engine-option takes ENGINE.KEY=VALUE, not " + option);
            }
            options.computeIfAbsent(option.substring(0, dot), name -> new LinkedHashMap<>())
                    .put(option.substring(dot + 1, equals), option.substring(equals + 1));
        }
        Map<String, String> spark = new LinkedHashMap<>();
        putIfGiven(spark, "connect", sparkConnect);
        putIfGiven(spark, "data", sparkData);
        putIfGiven(spark, "auto-rows", sparkAutoRows == null ? null : sparkAutoRows.toString());
        if (!spark.isEmpty()) {
            options.computeIfAbsent("spark", name -> new LinkedHashMap<>()).putAll(spark);
        }
        Map<String, String> sparkOptions = options.get("spark");
        if (sparkOptions != null) {
            sparkOptions.putIfAbsent("auto-rows", Long.toString(duckDbMemoryBytes / 1024 * 25));
        }
        if (options.isEmpty()) {
            return ConfiguredPlugins.NONE;
        }
        Map<String, Path> jars = new LinkedHashMap<>();
        if (sparkJar != null) {
            jars.put("spark", sparkJar);
        }
        return ConfiguredPlugins.configure(options, jars);
    }

    /**
     * Tells whether any engine option was given.
     *
     * @return true when one was
     */
    boolean given() {
        return sparkConnect != null || sparkData != null || sparkAutoRows != null || !engineOptions.isEmpty();
    }

    private static void putIfGiven(Map<String, String> options, String key, String value) {
        if (value != null) {
            options.put(key, value);
        }
    }
}
