package io.tablequery.server.docs;

import static org.assertj.core.api.Assertions.assertThat;

import io.tablequery.engine.duck.DuckToolSettings;
import io.tablequery.engine.exec.QueryDeadline;
import io.tablequery.engine.result.ResultLimits;
import io.tablequery.engine.search.TableSearcher;
import io.tablequery.engine.skill.SkillSettings;
import io.tablequery.server.api.SkillArguments;
import io.tablequery.server.cli.TqMain;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

/**
 * The manual's tables of limits (on the command line's page) say what the code enforces: one fact, one source, this
 * test between them.
 */
class ReadmeLimitsTest {
    private static final Path PAGE =
            Path.of(System.getProperty("tq.repository", "..")).resolve("docs").resolve("command-line.md");
    private static final Pattern OPTION_DEFAULT = Pattern.compile("`(--[a-z-]+)` \\(([^)]+)\\)");
    private static final Pattern RANGE = Pattern.compile("^(\\d+) to (\\d+) \\((\\d+)\\)$");

    @Test
    void theServersLimitsTableGivesEachOptionsDefault() throws IOException {
        String table = section(readme(), "**Limits** of `tq serve`", "\n\n");
        CommandSpec serve = TqMain.commandLine().getSubcommands().get("serve").getCommandSpec();
        Map<String, String> stated = new LinkedHashMap<>();
        Matcher option = OPTION_DEFAULT.matcher(table);
        while (option.find()) {
            stated.put(option.group(1), option.group(2));
        }
        assertThat(stated).hasSizeGreaterThanOrEqualTo(11);
        stated.forEach((name, value) -> {
            OptionSpec spec = serve.findOption(name);
            assertThat(spec)
                    .as("tq serve has the option %s the manual names", name)
                    .isNotNull();
            assertThat(spec.defaultValue() == null ? "all" : spec.defaultValue())
                    .as("the default of %s", name)
                    .isEqualTo(value);
        });
        assertThat(stated).containsEntry("--query-timeout", Integer.toString(QueryDeadline.DEFAULT_TIMEOUT_SECONDS));
        assertThat(SkillSettings.DEFAULTS.queryTimeout())
                .as("the command line's time limit is the server's")
                .isEqualTo(Duration.ofSeconds(QueryDeadline.DEFAULT_TIMEOUT_SECONDS))
                .isEqualTo(DuckToolSettings.DEFAULTS.queryTimeout());
    }

    @Test
    void theToolsLimitsTableGivesWhatTheToolsEnforce() throws IOException {
        Map<String, String> rows = rows(section(readme(), "The tools' own limits", "\n\n"));
        assertRange(rows, "search-tables `--top-k`", 1, TableSearcher.MAX_TOP_K, SkillArguments.DEFAULT_TOP_K);
        assertRange(
                rows,
                "run-sql `--max-rows`",
                0,
                ResultLimits.MAX_ROWS_CEILING,
                SkillSettings.DEFAULTS.defaultMaxRows());
        assertRange(
                rows,
                "run-sql `--cell-max`",
                1,
                ResultLimits.CELL_MAX_CEILING,
                SkillSettings.DEFAULTS.defaultCellMax());
        assertRange(
                rows,
                "getSampleRows `limit`",
                1,
                DuckToolSettings.DEFAULTS.maxSampleRows(),
                DuckToolSettings.DEFAULTS.defaultSampleRows());
        assertThat(value(rows, "run-sql output budget"))
                .isEqualTo(Integer.toString(SkillSettings.DEFAULTS.outputBudget()));
        assertThat(value(rows, "DuckDB tools: rows per answer"))
                .isEqualTo(DuckToolSettings.DEFAULTS.maxRows() + ", " + DuckToolSettings.DEFAULTS.maxStringChars());
    }

    private static void assertRange(Map<String, String> rows, String argument, int min, int max, int defaultValue) {
        Matcher range = RANGE.matcher(value(rows, argument));
        assertThat(range.matches())
                .as("%s reads 'MIN to MAX (DEFAULT)'", argument)
                .isTrue();
        assertThat(List.of(range.group(1), range.group(2), range.group(3)))
                .as(argument)
                .containsExactly(Integer.toString(min), Integer.toString(max), Integer.toString(defaultValue));
    }

    private static String value(Map<String, String> rows, String startOfArgument) {
        return rows.entrySet().stream()
                .filter(row -> row.getKey().startsWith(startOfArgument))
                .map(Map.Entry::getValue)
                .findFirst()
                .orElseThrow(() -> new AssertionError("the manual's table has no row for " + startOfArgument));
    }

    /** The rows of a two-column markdown table, first cell to second. */
    private static Map<String, String> rows(String table) {
        Map<String, String> rows = new LinkedHashMap<>();
        for (String line : table.lines().toList()) {
            String[] cells = line.split("\\|");
            if (cells.length >= 3 && !cells[1].isBlank() && !cells[1].strip().startsWith("---")) {
                rows.put(cells[1].strip(), cells[2].strip());
            }
        }
        return rows;
    }

    private static String section(String text, String start, String end) {
        int from = text.indexOf(start);
        assertThat(from).as("the manual has '%s'", start).isNotNegative();
        int tableStart = text.indexOf("\n|", from);
        int to = text.indexOf(end, tableStart + 1);
        return text.substring(tableStart, to < 0 ? text.length() : to);
    }

    private static String readme() throws IOException {
        return Files.readString(PAGE, StandardCharsets.UTF_8);
    }
}
