package io.tablequery.server.cli;

import com.fasterxml.jackson.databind.JsonNode;
import io.tablequery.engine.error.EngineException;
import io.tablequery.engine.skill.SkillErrorCode;
import io.tablequery.server.views.TranslateView;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code tq translate}: the DuckDB SQL run-sql's engine duckdb would run for one SQLite statement. */
@Command(
        name = "translate",
        description = "Translate one SQLite statement (--sql, or on standard input) to DuckDB SQL against the"
                + " workspace's tables; prints the SQL, or 'untranslatable: <reason>' and exits with 1.")
final class TranslateCommand implements Callable<Integer> {
    /** The longest statement read from standard input. */
    private static final int MAX_SQL_BYTES = 512 * 1024;

    @Spec
    CommandSpec spec;

    @Mixin
    WorkspaceTarget target;

    @Mixin
    JsonOption json;

    @Option(names = "--sql", paramLabel = "SQL", description = "The statement; read from standard input if absent.")
    String sql;

    @Override
    public Integer call() {
        String statement = sql != null ? sql : readStdin();
        JsonNode response = target.call(
                skill -> TranslateView.of(skill.translate(statement)), "translate", Map.of("sql", statement));
        SkillOutput.print(spec.commandLine().getOut(), json, response);
        return response.path("translated").asBoolean() ? 0 : ExitCodes.USER_ERROR;
    }

    private static String readStdin() {
        if (System.console() != null) {
            throw new EngineException(
                    SkillErrorCode.INVALID_ARGUMENT, "no SQL: pass --sql \"SELECT ...\" or pipe it on standard input");
        }
        try {
            return new String(System.in.readNBytes(MAX_SQL_BYTES), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new EngineException(
                    SkillErrorCode.INVALID_ARGUMENT,
                    "could not read the SQL from standard input: " + e.getMessage(),
                    e);
        }
    }
}
