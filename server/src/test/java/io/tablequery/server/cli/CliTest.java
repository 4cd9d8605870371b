package io.tablequery.server.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.tablequery.engine.json.JsonCodec;
import io.tablequery.server.audit.AuditFiles;
import io.tablequery.server.views.FileView;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import org.apache.poi.ss.usermodel.Row;
import org.apache.poi.ss.usermodel.Sheet;
import org.apache.poi.xssf.usermodel.XSSFWorkbook;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** The tq commands on a real workspace, through picocli with captured output. */
class CliTest {
    @TempDir
    Path dir;

    private String out;
    private String err;

    @Test
    void aMemoryBudgetLargerThanTheMachineIsWarnedOfAtStart() {
        long gib = 1L << 30;
        assertThat(ServeCommand.overcommitted(64 * gib, 24 * gib))
                .hasValueSatisfying(warning -> assertThat(warning).contains("65,536 MiB", "24,576 MiB"));
        assertThat(ServeCommand.overcommitted(16 * gib, 24 * gib)).isEmpty();
        assertThat(ServeCommand.overcommitted(24 * gib, 24 * gib)).isEmpty();
        assertThat(ServeCommand.overcommitted(64 * gib, 0)).as("memory unknown").isEmpty();
    }

    @Test
    void auditPrintsAWorkspacesLinesSinceATime() throws Exception {
        Path lines = Files.createDirectories(dir.resolve("ws").resolve(AuditFiles.DIRECTORY));
        Instant now = Instant.now().truncatedTo(ChronoUnit.SECONDS);
        Files.writeString(
                lines.resolve("20000101T000000.000Z.jsonl"),
                line(now.minus(Duration.ofHours(3)), "POST run-sql")
                        + line(now.minus(Duration.ofHours(2)), "POST files"));
        Files.writeString(
                lines.resolve("20000101T010000.000Z.jsonl"),
                line(now.minus(Duration.ofMinutes(10)), "mcp/run_sql") + "{\"time\":\"20");
        String workspace = dir.resolve("ws").toString();
        assertThat(run("audit", "--workspace", workspace)).isZero();
        assertThat(out.lines()).hasSize(4);
        assertThat(run(
                        "audit",
                        "--workspace",
                        workspace,
                        "--since",
                        now.minus(Duration.ofHours(2)).toString()))
                .isZero();
        assertThat(out.lines())
                .as("the lines from that time on, and a torn last line as the newest")
                .hasSize(3)
                .first()
                .asString()
                .contains("POST files");
        assertThat(run("audit", "--workspace", workspace, "--since", "1h")).isZero();
        assertThat(out.lines()).hasSize(2).first().asString().contains("mcp/run_sql");
        assertThat(run("audit", "--workspace", workspace, "--since", "yesterday"))
                .isEqualTo(CommandLine.ExitCode.USAGE);
        assertThat(err).contains("--since takes an ISO instant");
    }

    @Test
    void aCommandRunThroughAServerIsAuditedUnderItsWorkspace() {
        Path cwd = dir.toAbsolutePath();
        assertThat(CommandRoute.workspaceName(cwd, List.of("run-sql", "--workspace", "data/shop", "-")))
                .isEqualTo("shop");
        assertThat(CommandRoute.workspaceName(cwd, List.of("search-tables", "--workspace=/srv/tq/sales", "q")))
                .isEqualTo("sales");
        assertThat(CommandRoute.workspaceName(cwd, List.of("get-schemas", "t")))
                .as("the default workspace, data/default")
                .isEqualTo("default");
    }

    private static String line(Instant time, String route) {
        return "{\"time\":\"%s\",\"route\":\"%s\"}%n".formatted(time, route);
    }

    @Test
    void optionValuesOfAnyCaseAreTakenAsTheDocsWriteThem() {
        for (String first : new String[] {"", "serve"}) {
            CommandLine.ParseResult parsed =
                    TqMain.commandLine(first).parseArgs("serve", "--auth", "keys", "--port", "0");
            Object auth = parsed.subcommand().matchedOptionValue("--auth", null);
            assertThat(String.valueOf(auth))
                    .as(
                            "tq serve --auth keys, the command line %s",
                            first.isEmpty() ? "with every command" : "of serve")
                    .isEqualTo("KEYS");
        }
    }

    @Test
    void listsLineUpAfterChineseNamesAndCountOneRowAsOne() throws Exception {
        Path csv = dir.resolve("库存表.csv");
        Files.writeString(csv, "仓库,数量\n上海,3\n");
        Path other = dir.resolve("orders.csv");
        Files.writeString(other, "id,city\n1,London\n2,Paris\n");
        String workspace = dir.resolve("ws").toString();
        assertThat(run("ingest", "--workspace", workspace, csv.toString(), other.toString()))
                .isZero();
        assertThat(out).contains(" 1 row    ", " 2 rows   ", "2 columns");
        List<String> rows = out.lines()
                .filter(line -> line.startsWith("  ") && line.contains("(S1"))
                .toList();
        assertThat(rows).hasSize(2);
        assertThat(rows.stream().map(line -> TerminalColumns.width(line.substring(0, line.indexOf(" row")))))
                .as("the counts end in one column: %s", rows)
                .containsOnly(TerminalColumns.width(
                        rows.get(1).substring(0, rows.get(1).indexOf(" row"))));

        assertThat(run("tables", "--workspace", workspace)).isZero();
        List<String> tables = out.lines().toList();
        assertThat(tables).hasSize(2);
        assertThat(tables.stream().map(line -> TerminalColumns.width(line.substring(0, line.indexOf(" F")))))
                .as("the sources start in one column after a Chinese name: %s", tables)
                .containsOnly(32);
        assertThat(tables.get(0)).startsWith("库存表").contains("F1S1", " 1 row   ");
        assertThat(tables.get(1)).startsWith("orders").contains("F2S1", " 2 rows  ");

        assertThat(run("files", "--workspace", workspace)).isZero();
        List<String> files = out.lines().toList();
        assertThat(files.stream().map(line -> TerminalColumns.width(line.substring(0, line.indexOf(" csv")))))
                .as("the formats start in one column after a Chinese file name: %s", files)
                .containsOnly(46);
    }

    /** A NUL character is removed on the way in, and the report shows where it was. */
    @Test
    void reportShowsTextWithANulAsTheFileHoldsIt() throws Exception {
        Path csv = dir.resolve("notes.csv");
        Files.writeString(csv, "id,note\n1,x\0y\n2,plain\n");
        String workspace = dir.resolve("ws").toString();
        assertThat(run("ingest", "--workspace", workspace, csv.toString())).isZero();
        assertThat(run("report", "F1", "--workspace", workspace)).isZero();
        assertThat(out).contains("note: 1 x CONTROL_CHARACTERS_REMOVED").contains("B2: x\\0y -> xy");
    }

    @Test
    void ingestsListsReportsAndRemovesFiles() throws Exception {
        Path csv = dir.resolve("orders.csv");
        Files.writeString(csv, "id,city,total\n1,上海,\"$1,200.00\"\n2,London,N/A\n");
        String workspace = dir.resolve("ws").toString();

        assertThat(run("ingest", "--workspace", workspace, csv.toString())).isZero();
        assertThat(out).isEqualTo("""
                F1 orders.csv: 1 table
                  orders                                      2 rows    3 columns  (S1 'orders.csv')
                  2 cells converted on the way in; see: tq report F1
                """);

        assertThat(run("files", "--workspace", workspace)).isZero();
        assertThat(out).startsWith("F1    orders.csv").contains("tables: orders");

        assertThat(run("tables", "--workspace", workspace)).isZero();
        assertThat(out)
                .isEqualTo(
                        "orders                           F1S1            2 rows  id integer, city text, total real\n");

        assertThat(run("tables", "--workspace", workspace, "--json")).isZero();
        JsonNode tables = JsonCodec.mapper().readTree(out);
        assertThat(tables.at("/tables/0/columns/2/type").asText()).isEqualTo("REAL");

        assertThat(run("report", "F1", "--workspace", workspace)).isZero();
        assertThat(out)
                .contains("F1 orders.csv (csv, UTF-8, comma-delimited)")
                .contains("total: 1 x CURRENCY_TEXT_TO_NUMBER")
                .contains("C2: $1,200.00 -> 1200")
                .contains("total: 1 x NULL_MARKER_TO_NULL")
                .contains("C3: N/A -> NULL");

        assertThat(run("rm", "F1", "--workspace", workspace)).isZero();
        assertThat(out).isEqualTo("removed F1 orders.csv (1 table)\n");
        assertThat(run("files", "--workspace", workspace)).isZero();
        assertThat(out).isEqualTo("no files; upload one with: tq ingest FILE\n");
    }

    @Test
    void aSheetOfStackedTablesListsEveryTableItMade() throws Exception {
        Path almanac = dir.resolve("almanac.xlsx");
        Object[][] rows = {
            {"Indian Railways almanac"},
            {},
            {"Operated Kms", "2011/12", "2012/13"},
            {"Broad gauge", 55188, 56000},
            {"Metre gauge", 6809, 6500},
            {"Narrow gauge", 2463, 2400},
            {},
            {"Rolling stock"},
            {"Type", "Units", "In service"},
            {"Locomotives", 10499, 9800},
            {"Coaches", 62924, 60000},
            {},
            {"Stations", "Count"},
            {"Junctions", 300},
            {"Halts", 2000}
        };
        try (XSSFWorkbook workbook = new XSSFWorkbook();
                OutputStream file = Files.newOutputStream(almanac)) {
            Sheet sheet = workbook.createSheet("Sheet1");
            for (int r = 0; r < rows.length; r++) {
                Row row = sheet.createRow(r);
                for (int c = 0; c < rows[r].length; c++) {
                    if (rows[r][c] instanceof Integer number) {
                        row.createCell(c).setCellValue(number);
                    } else {
                        row.createCell(c).setCellValue((String) rows[r][c]);
                    }
                }
            }
            workbook.write(file);
        }
        String workspace = dir.resolve("ws").toString();
        List<String> made =
                List.of("almanac_sheet1_indian_railways_almanac", "almanac_sheet1_rolling_stock", "almanac_sheet1_3");
        assertThat(run("ingest", "--workspace", workspace, almanac.toString())).isZero();

        assertThat(run("files", "--workspace", workspace)).isZero();
        assertThat(out).contains("tables: " + String.join(", ", made));
        assertThat(run("files", "--workspace", workspace, "--json")).isZero();
        JsonNode sheet = JsonCodec.mapper().readTree(out).at("/files/0/sheets/0");
        assertThat(sheet.path("table").asText()).isEqualTo(made.get(0));
        assertThat(sheet.path("tables")).extracting(JsonNode::asText).containsExactlyElementsOf(made);

        assertThat(run("rm", "F1", "--workspace", workspace)).isZero();
        assertThat(out).isEqualTo("removed F1 almanac.xlsx (3 tables)\n");
    }

    @Test
    void aFileListedByAServerThatNamesOneTablePerSheetStillReads() throws Exception {
        JsonNode older = JsonCodec.mapper()
                .readTree("{\"file\":\"F1\",\"name\":\"a.xlsx\",\"format\":\"xlsx\",\"sizeBytes\":1,"
                        + "\"sha256\":\"00\",\"uploadedAt\":\"2026-12-02T00:00:00Z\",\"sheets\":["
                        + "{\"sheet\":1,\"name\":\"S\",\"hidden\":false,\"table\":\"a_s\",\"status\":\"table\"},"
                        + "{\"sheet\":2,\"name\":\"T\",\"hidden\":false,\"table\":null,\"status\":\"empty\"}]}");
        FileView file = Views.one(older, FileView.class);
        assertThat(file.sheets().get(0).tables()).containsExactly("a_s");
        assertThat(file.sheets().get(1).tables()).isEmpty();
    }

    @Test
    void reportsErrorsWithCodesAndExitCodes() throws Exception {
        String workspace = dir.resolve("ws").toString();
        Path good = dir.resolve("good.csv");
        Files.writeString(good, "x\n1\n");
        Path empty = Files.createFile(dir.resolve("empty.csv"));

        assertThat(run("ingest", "--workspace", workspace, empty.toString(), good.toString()))
                .isEqualTo(1);
        assertThat(err).isEqualTo("error [EMPTY_FILE]: 'empty.csv' is empty (0 bytes); upload a file with data\n");
        assertThat(out).startsWith("F1 good.csv: 1 table");

        assertThat(run("rm", "F7", "--workspace", workspace)).isEqualTo(1);
        assertThat(err)
                .isEqualTo("error [FILE_NOT_FOUND]: no file F7 in this workspace; list the files to see their"
                        + " F-numbers\n");
        assertThat(run("report", "seven", "--workspace", workspace)).isEqualTo(1);
        assertThat(err).startsWith("error [INVALID_FILE_REF]: 'seven' is not a file reference");
        assertThat(run(
                        "ingest",
                        "--workspace",
                        workspace,
                        dir.resolve("missing.csv").toString()))
                .isEqualTo(1);
        assertThat(err).startsWith("error [SOURCE_NOT_READABLE]: cannot read ");
        assertThat(run("tables", "--bogus")).isEqualTo(2);
        assertThat(run("serve", "--duckdb-threads", "0", "--port", "0", "--workspace", workspace))
                .isEqualTo(2);
        assertThat(err).startsWith("duckDbThreads must be at least 1 (--duckdb-threads takes 1 or more;");
        assertThat(run("serve", "--memory-per-workspace", "lots", "--port", "0", "--workspace", workspace))
                .isEqualTo(2);
        assertThat(err).startsWith("invalid DuckDB memory limit: lots");
    }

    @Test
    void searchesByMeaningUnlessToldLexicalAndKeepsTheVectorsInTheWorkspace() throws Exception {
        Path cars = dir.resolve("cars.csv");
        Files.writeString(cars, "model,mpg,cylinders\nCivic,36,4\nMustang,21,8\n");
        Path staff = dir.resolve("staff.csv");
        Files.writeString(staff, "name,department,salary\nAnn,Marketing,10\nBo,IT,20\n");
        String workspace = dir.resolve("ws").toString();
        assertThat(run("ingest", "--workspace", workspace, cars.toString(), staff.toString()))
                .isZero();

        assertThat(run(
                        "search-tables",
                        "--workspace",
                        workspace,
                        "--search",
                        "lexical",
                        "--query",
                        "fuel economy of automobiles"))
                .isZero();
        assertThat(out).doesNotContain("cars");
        assertThat(dir.resolve("ws/meaning.vectors")).doesNotExist();

        assertThat(run("search-tables", "--workspace", workspace, "--query", "fuel economy of automobiles", "--json"))
                .isZero();
        JsonNode found = JsonCodec.mapper().readTree(out);
        assertThat(found.at("/tables/0/name").asText()).isEqualTo("cars");
        assertThat(found.at("/tables/0/similarTo").asText()).startsWith("cars. Columns: model, mpg, cylinders.");
        assertThat(found.at("/unreadMeanings").asInt()).isZero();
        assertThat(dir.resolve("ws/meaning.vectors")).exists();

        assertThat(run("search-tables", "--workspace", workspace, "--search", "psychic", "--query", "x"))
                .isEqualTo(2);
        assertThat(err).startsWith("--search takes meaning or lexical, not psychic");
    }

    @Test
    void ingestPrintsJsonForPrograms() throws Exception {
        Path csv = dir.resolve("a.csv");
        Files.writeString(csv, "x\n1\n");
        assertThat(run("ingest", "--json", "--workspace", dir.resolve("ws").toString(), csv.toString()))
                .isZero();
        JsonNode uploads = JsonCodec.mapper().readTree(out);
        assertThat(uploads.at("/0/file/file").asText()).isEqualTo("F1");
        assertThat(uploads.at("/0/tables/0/name").asText()).isEqualTo("a");
    }

    @Test
    void everyCommandAnswersHelp() {
        var commands = TqMain.commandLine().getSubcommands().keySet();
        assertThat(commands).contains("files", "serve", "run-sql", "export", "mcp");
        for (String command : commands) {
            if (command.equals("help")) {
                continue;
            }
            assertThat(run(command, "--help"))
                    .as("tq %s --help: %s", command, err)
                    .isZero();
            assertThat(out).startsWith("Usage: tq " + command);
            assertThat(run(command, "-h")).isZero();
        }
        assertThat(run("help", "files")).isZero();
        assertThat(out).startsWith("Usage: tq files");
    }

    private int run(String... args) {
        CommandLine commandLine = TqMain.commandLine();
        StringWriter stdout = new StringWriter();
        StringWriter stderr = new StringWriter();
        commandLine.setOut(new PrintWriter(stdout));
        commandLine.setErr(new PrintWriter(stderr));
        int exit = commandLine.execute(args);
        out = stdout.toString();
        err = stderr.toString();
        return exit;
    }
}
