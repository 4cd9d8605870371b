package io.tablequery.server.web;

import static org.assertj.core.api.Assertions.assertThat;

import io.tablequery.engine.ingest.IngestListener;
import io.tablequery.engine.json.JsonCodec;
import io.tablequery.engine.skill.SkillSettings;
import io.tablequery.engine.workspace.IngestResult;
import io.tablequery.engine.workspace.Workspace;
import io.tablequery.server.auth.AuthMode;
import io.tablequery.server.auth.KeyStore;
import io.tablequery.server.http.ServerSettings;
import io.tablequery.server.http.TqServer;
import io.tablequery.server.http.WorkspaceRegistry;
import java.io.IOException;
import java.io.OutputStream;
import java.io.Writer;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.apache.poi.ss.usermodel.Cell;
import org.apache.poi.ss.usermodel.CellStyle;
import org.apache.poi.ss.usermodel.Row;
import org.apache.poi.ss.usermodel.Sheet;
import org.apache.poi.xssf.streaming.SXSSFWorkbook;
import org.apache.poi.xssf.usermodel.XSSFWorkbook;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.Keys;
import org.openqa.selenium.NoAlertPresentException;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.support.ui.Select;

/**
 * The analyst's page in a real Chromium against a real server on a random loopback port: upload through the page,
 * search, a table of a million rows paged through, plans on every engine, citations followed to the cells of the file
 * as uploaded, a chart, a CSV download, keys, and hostile file content that must show as text and run nothing. It
 * prints the figures the issue asks to measure (and writes them to {@code target/web-figures.md}); it asserts none of
 * them.
 */
@BrowserSuite
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class WebPageTest {
    private static final int BIG_ROWS = 1_000_000;
    private static final int WORKBOOK_ROWS = 200_000;
    private static final String HOSTILE = "<img src=x onerror=\"window.__pwned=1\">";
    private static final String SCRIPT = "<script>window.__pwned=2</script>";
    /** File names lose their angle brackets on upload; what is left still must not run. */
    private static final String HOSTILE_FILE = "img src=x onerror=alert(1) & 'javascript:alert(2)'.xlsx";

    private Path dir;
    private TqServer server;
    private Browser browser;
    private String base;
    private String ledger;
    private String hostileFile;
    private String formats;
    private String hostileTable;
    private final List<String> figures = new ArrayList<>();
    private final HttpClient http = HttpClient.newHttpClient();

    @BeforeAll
    void start(@TempDir Path directory) throws Exception {
        dir = directory;
        Path root = dir.resolve("data");
        Workspace shop = Workspace.open(root.resolve("shop"));
        try (Stream<Path> samples = Files.list(repository().resolve("samples/files"))) {
            for (Path sample : samples.sorted().toList()) {
                shop.ingest(sample);
            }
        }
        shop.ingest(bigCsv(dir.resolve("big.csv")), "big.csv", IngestListener.NONE);
        shop.ingest(Files.writeString(dir.resolve("regions.csv"), "region_id,region\n1,North\n2,South\n3,East\n"));
        shop.ingest(Files.writeString(
                dir.resolve("stores.csv"), "store_id,store,region_id\n10,Harbour,1\n11,Mill,1\n12,Quay,3\n"));
        ledger = shop.ingest(bigWorkbook(dir.resolve("ledger.xlsx")), "ledger.xlsx", IngestListener.NONE)
                .file()
                .ref();
        IngestResult hostile =
                shop.ingest(hostileWorkbook(dir.resolve("hostile.xlsx")), HOSTILE_FILE, IngestListener.NONE);
        hostileFile = hostile.file().ref();
        hostileTable = hostile.tables().get(0).name();
        formats = shop.ingest(formatsWorkbook(dir.resolve("formats.xlsx")), "formats.xlsx", IngestListener.NONE)
                .file()
                .ref();
        WorkspaceRegistry registry = new WorkspaceRegistry();
        registry.add(shop);
        registry.add(Workspace.open(root.resolve("uploads")));
        server = TqServer.start(registry, settings(), dir.resolve("spool"));
        base = "http://127.0.0.1:" + server.port();
        browser = Browser.start(dir.resolve("browser"), 1280, 800);
    }

    @AfterAll
    void stop() throws IOException {
        if (browser != null) {
            browser.close();
        }
        if (server != null) {
            server.close();
        }
        Files.createDirectories(Path.of("target"));
        Files.write(Path.of("target", "web-figures.md"), figures);
        figures.forEach(System.out::println);
    }

    @Test
    void opensFastAndSendsLittleTheSecondTime() throws IOException {
        long cold;
        long coldBytes;
        long warm;
        long warmBytes;
        try (Browser fresh = Browser.start(dir.resolve("browser-fresh"), 1280, 800)) {
            cold = timeToFiles(fresh);
            coldBytes = transferred(fresh);
            warm = timeToFiles(fresh);
            warmBytes = transferred(fresh);
        }
        figures.add("page open to the files list, cold: %d ms, %,d bytes transferred".formatted(cold, coldBytes));
        figures.add("page open to the files list, warm: %d ms, %,d bytes transferred".formatted(warm, warmBytes));
        assertThat(warmBytes).isLessThan(coldBytes);
    }

    @Test
    void uploadsTheSamplesThroughThePageAndShowsTheirTables() throws IOException {
        browser.open(base + "/?ws=uploads#/files");
        browser.element("p.empty");
        try (Stream<Path> samples = Files.list(repository().resolve("samples/files"))) {
            for (Path sample : samples.sorted().toList()) {
                WebElement input = browser.driver().findElement(By.id("upload-input"));
                input.sendKeys(sample.toAbsolutePath().toString());
                browser.waitFor(d -> d.findElements(By.cssSelector(".upload-status .notice")).stream()
                        .anyMatch(e -> e.getText().contains(sample.getFileName().toString())));
            }
        }
        String listed = browser.element("table.files").getText();
        assertThat(listed).contains("F1", "F2", "F3", "sales_2025_q2", "库存_库存表");
        browser.screenshot("files");
        browser.click("table.files a[href='#/files/F2']");
        String report = browser.waitFor(d -> {
            String text = d.findElement(By.id("report")).getText();
            return text.contains("Ingest report of F2") ? text : null;
        });
        assertThat(report).contains("Cells converted on the way in", "sales_2025_q2__totals");
        Object reportTop = browser.waitFor(d -> {
            Object top = browser.script("return document.getElementById('report').getBoundingClientRect().top;");
            return ((Number) top).doubleValue() < 120 ? top : null;
        });
        assertThat(((Number) reportTop).doubleValue())
                .as("the report, below the list, is scrolled into view")
                .isBetween(-1.0, 120.0);
        assertThat(browser.script("return document.querySelector('link[rel=icon]')?.href ?? ''"))
                .as("a favicon")
                .asString()
                .startsWith("data:image/svg+xml");
        browser.screenshot("report");
        browser.script("window.scrollTo(0, 0)");
        browser.click("table.files tbody tr td.actions button.danger");
        browser.waitFor(d -> d.switchTo().alert()).accept();
        browser.waitFor(d -> browser.text("table.files").contains("orders.csv") ? null : true);
        assertThat(browser.text("table.files")).contains("sales_2025.xlsx");
    }

    @Test
    void runsWithTheKeyboardAndFitsANarrowWindow() throws IOException {
        openPlan("SELECT \"City\" FROM \"sales_2025_q1\" WHERE \"Units_Jan\" > 150");
        browser.click("#plan-editor .cm-content");
        new org.openqa.selenium.interactions.Actions(browser.driver())
                .keyDown(Keys.CONTROL)
                .sendKeys(Keys.ENTER)
                .keyUp(Keys.CONTROL)
                .perform();
        assertThat(browser.element("#result-1-grid").getText()).contains("__src");
        try (Browser narrow = Browser.start(dir.resolve("browser-narrow"), 420, 860)) {
            narrow.open(base + "/?ws=shop#/files");
            narrow.element("table.files");
            Object overflow = narrow.script("return document.body.scrollWidth - window.innerWidth");
            assertThat(((Number) overflow).longValue()).isLessThanOrEqualTo(0);
            narrow.screenshot("narrow");
        }
    }

    @Test
    void searchesInChineseAndInEnglish() throws IOException {
        browser.open(base + "/?ws=shop#/search?q=" + "库存");
        assertThat(browser.element("#search-hits").getText()).contains("库存_库存表");
        browser.screenshot("search");
        browser.open(base + "/?ws=shop#/search?q=sales%202025%20april");
        assertThat(browser.element("#search-hits").getText())
                .contains("sales_2025_q2")
                .contains("matched");
    }

    @Test
    void searchListsAJoinPartnerAfterTheTableItJoins() {
        browser.open(base + "/?ws=shop#/search?q=stores");
        String hits = browser.element("#search-hits").getText();
        assertThat(hits)
                .contains("joins stores on stores.region_id = regions.region_id (inferred from names and values)");
        assertThat(hits.indexOf("regions")).isGreaterThan(hits.indexOf("stores"));
        browser.click("#search-hits .joins a");
        browser.waitFor(d -> d.getCurrentUrl().endsWith("#/tables/stores"));
    }

    @Test
    void pagesThroughAMillionRowTable() throws IOException {
        browser.open(base + "/?ws=shop#/tables/big");
        browser.element("#table-rows");
        assertThat(browser.text("#sample-rows")).contains("上海");
        browser.click("#quality-button");
        assertThat(browser.element(".quality-columns").getText())
                .contains("amount", "DOUBLE")
                .containsPattern("\\d+ outside -?[0-9.]+ to [0-9.]+")
                .as("a numeric column's outliers as words, not an object")
                .doesNotContain("[object Object]");
        assertThat(browser.text("#page-status"))
                .as("sheet row numbers and the table's size, not one range 'of' the other")
                .isEqualTo("sheet rows 2–101 · 1,000,000 rows in the table");
        List<Double> times = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            // Timed in the page, from the click to the next page's rows in the document.
            Object took = browser.asyncScript("""
                    const done = arguments[arguments.length - 1];
                    const before = document.getElementById('page-status').textContent;
                    const start = performance.now();
                    const observer = new MutationObserver(() => {
                        const status = document.getElementById('page-status');
                        if (status && status.textContent !== before) {
                            observer.disconnect();
                            done(performance.now() - start);
                        }
                    });
                    observer.observe(document.getElementById('view'), {childList: true, subtree: true});
                    document.getElementById('next-page').click();
                    """);
            times.add(((Number) took).doubleValue());
        }
        assertThat(browser.text("#page-status")).contains("sheet rows 1002–1101");
        browser.click("#last-page");
        browser.waitFor(d -> browser.text("#page-status").contains("–1000001 ·") ? true : null);
        browser.element("#jump-row").sendKeys("500000", Keys.ENTER);
        browser.waitFor(d -> browser.text("#page-status").startsWith("sheet rows 500000–") ? true : null);
        browser.screenshot("table");
        times.sort(Double::compare);
        figures.add("a page of 100 rows of a 1,000,000-row table, click to shown: median %.0f ms, slowest %.0f ms"
                .formatted(times.get(times.size() / 2), times.get(times.size() - 1)));
    }

    @Test
    void runsAPlanOnEachEngineWithItsCitations() throws IOException {
        for (String engine : List.of("sqlite", "duckdb", "auto", "both")) {
            openPlan("SELECT \"City\", \"Units_Apr\" FROM \"sales_2025_q2\" WHERE \"Units_Apr\" > 140");
            new Select(browser.element("#plan-engine")).selectByValue(engine);
            browser.click("#plan-run");
            WebElement grid = browser.element("#result-1-grid");
            assertThat(grid.getText()).as(engine).contains("Shanghai", "168", "F2S2R5");
            assertThat(browser.element("#plan-output").getText()).contains("Ran on");
            if (engine.equals("both")) {
                assertThat(browser.element("#comparison").getText()).contains("the same", "sqlite and duckdb compared");
                browser.screenshot("plan");
            }
        }
    }

    @Test
    void aFailingStepShowsItsErrorAtTheStep() {
        openPlan("SELECT \"nope\" FROM \"sales_2025_q2\"");
        browser.click("#plan-run");
        WebElement step = browser.element("#plan-steps li.failed");
        assertThat(step.getText()).contains("STEP_FAILED", "Columns of \"sales_2025_q2\"");
    }

    @Test
    void aRowCitationOpensTheSourceRowWithTheResultsValues() throws IOException {
        openPlan(
                "SELECT \"City\", \"Units_May\", \"Revenue (USD)_May\" FROM \"sales_2025_q2\" WHERE \"City\" = 'Seoul'");
        browser.click("#plan-run");
        WebElement row = browser.element("#result-1-grid tbody tr");
        List<String> values = row.findElements(By.tagName("td")).stream()
                .map(WebElement::getText)
                .toList();
        row.findElement(By.cssSelector("a.cite")).click();
        WebElement cited = browser.element("#source-sheet tr.cited");
        assertThat(cited.getAttribute("data-row")).isEqualTo("7");
        List<WebElement> tds = cited.findElements(By.tagName("td"));
        assertThat(tds).extracting(WebElement::getText).contains(values.get(0), values.get(1), "$1,938.08");
        assertThat(tds)
                .as("a cell shown in its currency format holds the result's value")
                .extracting(cell -> cell.getDomAttribute("title"))
                .contains(values.get(2));
        String sheet = browser.element("#source-sheet").getText();
        assertThat(sheet).contains("ACME Corp - Sales by Region and City, Q2 2025", "Revenue (USD)");
        browser.screenshot("citation");
    }

    @Test
    void anAggregateCitesItsRowsAsRangesThatOpenTheirFirstRow() {
        openPlan("SELECT count(*) AS n FROM \"sales_2025_q2\"");
        browser.click("#plan-run");
        WebElement link = browser.element("#result-1-grid tbody tr a.cite");
        assertThat(link.getText()).matches("F2S2R\\d+(-R\\d+)?");
        String first = link.getText().replaceAll("F2S2R(\\d+).*", "$1");
        link.click();
        assertThat(browser.element("#source-sheet tr.cited").getAttribute("data-row"))
                .isEqualTo(first);
    }

    @Test
    void downloadsTheSourceRowsBehindEachRowOfAnAggregate() throws IOException {
        openPlan("CREATE TEMP TABLE by_region AS SELECT \"Region\", count(*) AS n FROM \"sales_2025_q2\" GROUP BY 1"
                + " ORDER BY 1");
        new Select(browser.element("#plan-engine")).selectByValue("duckdb");
        browser.click("#plan-run");
        List<WebElement> rows = browser.element("#result-1-grid").findElements(By.cssSelector("tbody tr"));
        List<Integer> counts = rows.stream()
                .map(row -> Integer.parseInt(
                        row.findElements(By.tagName("td")).get(1).getText()))
                .toList();
        Path downloaded = browser.download("#result-1-lineage", "by_region-lineage.csv");
        List<String> lines = Files.readAllLines(downloaded);
        assertThat(lines.get(0)).isEqualTo("row,citation,file,sheet,source_row");
        for (int i = 0; i < counts.size(); i++) {
            String prefix = (i + 1) + ",F2S2R";
            assertThat(lines.stream().filter(line -> line.startsWith(prefix)))
                    .as("row %d", i + 1)
                    .hasSize(counts.get(i));
        }
        assertThat(lines)
                .hasSize(1 + counts.stream().mapToInt(Integer::intValue).sum());
        Path table = browser.download("#result-1-csv", "by_region.csv");
        assertThat(Files.readAllLines(table)).hasSize(1 + counts.size()).first().isEqualTo("Region,n,__src");
    }

    @Test
    void aSheetCitationOpensTheTopOfTheSheet() {
        openPlan("SELECT \"Region\" FROM \"sales_2025_q2\" UNION SELECT \"City\" FROM \"sales_2025_q2\"");
        browser.click("#plan-run");
        WebElement link = browser.element("#result-1-grid tbody tr a.cite");
        assertThat(link.getText()).isEqualTo("F2S2");
        link.click();
        String sheet = browser.element("#source-sheet").getText();
        assertThat(sheet).contains("ACME Corp - Sales by Region and City, Q2 2025", "Shanghai");
        assertThat(browser.all("#source-sheet tr.cited")).isEmpty();
    }

    @Test
    void aCitationOfARowDeepInALargeWorkbookShowsQuickly() {
        List<Double> times = new ArrayList<>();
        browser.open(base + "/?ws=shop#/files");
        browser.element("table.files");
        for (int row : new int[] {150_000, 199_000, 60_000}) {
            // Timed in the page, from following the citation to its row highlighted in the document.
            Object took = browser.asyncScript("""
                    const done = arguments[arguments.length - 1];
                    const row = arguments[1];
                    const start = performance.now();
                    const observer = new MutationObserver(() => {
                        if (document.querySelector(`#source-sheet tr.cited[data-row="${row}"]`)) {
                            observer.disconnect();
                            done(performance.now() - start);
                        }
                    });
                    observer.observe(document.getElementById('view'), {childList: true, subtree: true});
                    location.hash = arguments[0];
                    """, "#/source/" + ledger + "/1?row=" + row, row);
            times.add(((Number) took).doubleValue());
            assertThat(browser.element("#source-sheet tr.cited").getText()).contains("item " + (row - 1));
        }
        figures.add("a cited row of a %,d-row xlsx, citation followed to row highlighted: %s ms"
                .formatted(
                        WORKBOOK_ROWS,
                        times.stream().map(t -> "%.0f".formatted(t)).toList()));
    }

    @Test
    void drawsAChartAndDownloadsTheWholeResultAsTheApiGivesIt() throws Exception {
        String query = "SELECT \"Region\", sum(\"Units_Apr\") AS units FROM sales_2025_q2 GROUP BY 1 ORDER BY 1";
        browser.open(base + "/?ws=shop#/files");
        browser.script("sessionStorage.setItem('tq.duckdb.draft', arguments[0])", query);
        browser.open(base + "/?ws=shop#/duckdb");
        browser.click("#duckdb-run");
        assertThat(browser.element("#duckdb-grid").getText()).contains("Americas", "East", "West");
        WebElement drawn = browser.element("#duckdb-chart-target svg");
        assertThat(new Select(browser.element("#duckdb-chart-y"))
                        .getFirstSelectedOption()
                        .getDomAttribute("value"))
                .as("y is the first numeric column, not a count of rows")
                .isEqualTo("units");
        int wide = browser.element("#duckdb-chart-target").getSize().getWidth();
        assertThat(drawn.getSize().getWidth())
                .as("drawn at once, as wide as the page (%d px)", wide)
                .isGreaterThan(wide * 6 / 10);
        new Select(browser.element("#duckdb-chart-kind")).selectByValue("bar");
        new Select(browser.element("#duckdb-chart-x")).selectByValue("Region");
        new Select(browser.element("#duckdb-chart-y")).selectByValue("units");
        browser.click("#duckdb-chart-draw");
        WebElement svg = browser.element("#duckdb-chart-target svg");
        assertThat(svg.findElements(By.cssSelector("path, rect"))).isNotEmpty();
        browser.script("document.getElementById('duckdb-chart-target').scrollIntoView({block: 'center'})");
        browser.screenshot("duckdb");
        browser.script("window.scrollTo(0, 0)");
        Path downloaded = browser.download("#duckdb-csv", "result.csv");
        HttpResponse<String> api = http.send(
                HttpRequest.newBuilder(URI.create(base + "/v1/workspaces/shop/tools/queryDuckDB/csv"))
                        .header("Content-Type", "application/json")
                        .POST(HttpRequest.BodyPublishers.ofString("{\"query\": " + JsonCodec.write(query) + "}"))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(Files.readString(downloaded)).isEqualTo(api.body()).startsWith("Region,units");
    }

    @Test
    void showsNumbersAsExcelDoesWithTheirExactTextOnHover() {
        browser.open(base + "/?ws=shop#/files");
        browser.script(
                "sessionStorage.setItem('tq.duckdb.draft', arguments[0])",
                "SELECT 0.1::DOUBLE + 0.2::DOUBLE AS noisy, 197061.53999999998::DOUBLE AS money, 42 AS whole,"
                        + " 2.5::DOUBLE AS plain, NULL AS n");
        browser.open(base + "/?ws=shop#/duckdb");
        browser.click("#duckdb-run");
        List<WebElement> cells = browser.element("#duckdb-grid").findElements(By.cssSelector("tbody td.number"));
        assertThat(cells).extracting(WebElement::getText).containsExactly("0.3", "197061.54", "42", "2.5");
        WebElement empty = browser.element("#duckdb-grid tbody td.null");
        assertThat(empty.getText()).isEqualTo("NULL");
        assertThat(empty.getCssValue("white-space"))
                .as("NULL is not broken across lines")
                .isEqualTo("nowrap");
        assertThat(cells)
                .extracting(cell -> cell.getDomAttribute("title"))
                .containsExactly("0.30000000000000004", "197061.53999999998", null, null);
    }

    @Test
    void theFileAsUploadedShowsNumbersInTheirNumberFormatsWithTheStoredValueOnHover() {
        browser.open(base + "/?ws=shop#/source/" + formats + "/1?row=2");
        List<WebElement> cells = browser.element("#source-sheet tr.cited").findElements(By.tagName("td"));
        assertThat(cells).extracting(WebElement::getText).containsExactly("0.09", "12.5%", "3/14/24", "42");
        assertThat(cells)
                .extracting(cell -> cell.getDomAttribute("title"))
                .containsExactly("0.09000000000000008", "0.125", "2024-03-14", null);
    }

    @Test
    void theEditorWrapsLongLinesAndARunClosesItsCompletions() {
        browser.open(base + "/?ws=shop#/files");
        browser.script("sessionStorage.setItem('tq.duckdb.draft', arguments[0])", "SELECT * FROM sales_2025_q");
        browser.open(base + "/?ws=shop#/duckdb");
        WebElement content = browser.element(".cm-content");
        assertThat(content.getDomAttribute("class")).as("long lines wrap").contains("cm-lineWrapping");
        content.click();
        content.sendKeys(Keys.END, "2");
        browser.element(".cm-tooltip-autocomplete");
        content.sendKeys(Keys.chord(Keys.CONTROL, Keys.ENTER));
        assertThat(browser.element("#duckdb-grid").getText()).contains("Seoul");
        browser.waitFor(
                d -> d.findElements(By.cssSelector(".cm-tooltip-autocomplete")).isEmpty() ? true : null);
    }

    @Test
    void hostileContentShowsAsTextAndRunsNothing() throws IOException {
        Map<String, String> places = new LinkedHashMap<>();
        places.put("#/files", "onerror=alert(1) & 'javascriptalert(2)'");
        places.put("#/files/" + hostileFile, "<img src=x onerror='window.__pw");
        places.put("#/tables", "<img src=x onerror='window.__pw");
        places.put(
                "#/tables/"
                        + URLEncoder.encode(hostileTable, StandardCharsets.UTF_8)
                                .replace("+", "%20"),
                "<script>window.__pwned=2</script>");
        places.put("#/source/" + hostileFile + "/1?row=2", "<script>window.__pwned=2</script>");
        places.put("#/search?q=img", "onerror");
        for (Map.Entry<String, String> place : places.entrySet()) {
            browser.open(base + "/?ws=shop" + place.getKey());
            try {
                browser.waitFor(d -> browser.text("#view").contains(place.getValue()) ? true : null);
            } catch (RuntimeException e) {
                throw new AssertionError(
                        "'%s' is not shown at %s: %s"
                                .formatted(place.getValue(), place.getKey(), browser.text("#view")),
                        e);
            }
            assertNothingRan(place.getKey());
        }
        browser.screenshot("hostile");
    }

    @Test
    void aServerWithKeysAsksForOneAndRefusesAWrongOne() throws Exception {
        Path root = dir.resolve("keyed");
        WorkspaceRegistry registry = new WorkspaceRegistry();
        Workspace team = Workspace.open(root.resolve("team"));
        team.ingest(repository().resolve("samples/files/orders.csv"));
        registry.add(team);
        KeyStore keys = KeyStore.inMemory();
        String key = keys.issue("team").key();
        try (TqServer keyed = TqServer.start(registry, settings(), dir.resolve("spool-keyed"), keys, AuthMode.KEYS);
                Browser other = Browser.start(dir.resolve("browser-keyed"), 1280, 800)) {
            other.open("http://127.0.0.1:" + keyed.port() + "/#/files");
            WebElement input = other.element("#key-input");
            input.sendKeys("tq_wrong", Keys.ENTER);
            other.waitFor(d -> d.findElement(By.id("key-reason")).getText().contains("not one this server issued"));
            other.element("#key-input").sendKeys(key, Keys.ENTER);
            assertThat(other.element("table.files").getText()).contains("orders.csv");
            other.screenshot("keys");
        }
    }

    private void openPlan(String sql) {
        browser.open(base + "/?ws=shop#/files");
        browser.script("sessionStorage.setItem('tq.plan.draft', arguments[0])", sql);
        browser.open(base + "/?ws=shop#/plans");
        browser.element("#plan-editor .cm-content");
    }

    private void assertNothingRan(String place) {
        try {
            browser.driver().switchTo().alert();
            throw new AssertionError("an alert opened at " + place);
        } catch (NoAlertPresentException expected) {
            // Nothing ran.
        }
        assertThat(browser.script("return window.__pwned === undefined"))
                .as(place)
                .isEqualTo(true);
        assertThat(browser.all("img[src='x'], main script")).as(place).isEmpty();
    }

    /** Milliseconds from the navigation's start to the files list in place, as the page's own clock says. */
    private long timeToFiles(Browser on) {
        on.open("about:blank");
        on.open(base + "/?ws=shop#/files");
        on.element("table.files");
        Object ready = on.waitFor(d -> on.script(
                "const m = performance.getEntriesByName('tq:view-ready'); return m.length ? m[0].startTime : null"));
        return Math.round(((Number) ready).doubleValue());
    }

    private static long transferred(Browser on) {
        Object bytes = on.script("return performance.getEntriesByType('navigation')"
                + ".concat(performance.getEntriesByType('resource'))"
                + ".reduce((sum, e) => sum + (e.transferSize || 0), 0)");
        return ((Number) bytes).longValue();
    }

    private static ServerSettings settings() {
        return new ServerSettings(
                "127.0.0.1", 0, 1L << 30, 1L << 20, SkillSettings.DEFAULTS, ServerSettings.DEFAULTS.limits());
    }

    private static Path repository() {
        return Path.of(System.getProperty("tq.repository", ".."))
                .toAbsolutePath()
                .normalize();
    }

    private static Path bigCsv(Path file) throws IOException {
        try (Writer out = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            out.write("id,city,amount\n");
            String[] cities = {"Berlin", "Paris", "上海", "Lima"};
            for (int i = 1; i <= BIG_ROWS; i++) {
                out.write(i + "," + cities[i % cities.length] + "," + (i % 1000) / 4.0 + "\n");
            }
        }
        return file;
    }

    private static Path bigWorkbook(Path file) throws IOException {
        try (SXSSFWorkbook workbook = new SXSSFWorkbook(100);
                OutputStream out = Files.newOutputStream(file)) {
            Sheet sheet = workbook.createSheet("ledger");
            Row header = sheet.createRow(0);
            header.createCell(0).setCellValue("item");
            header.createCell(1).setCellValue("quantity");
            for (int i = 1; i < WORKBOOK_ROWS; i++) {
                Row row = sheet.createRow(i);
                row.createCell(0).setCellValue("item " + i);
                row.createCell(1).setCellValue(i % 97);
            }
            workbook.write(out);
            workbook.dispose();
        }
        return file;
    }

    /** Numbers whose stored value is not what Excel shows: a sum's last digit, a percent, a date. */
    private static Path formatsWorkbook(Path file) throws IOException {
        try (XSSFWorkbook workbook = new XSSFWorkbook();
                OutputStream out = Files.newOutputStream(file)) {
            Sheet sheet = workbook.createSheet("display");
            Row header = sheet.createRow(0);
            Row row = sheet.createRow(1);
            String[] names = {"measure", "share", "day", "whole"};
            String[] codes = {"General", "0.0%", "m/d/yy", "0"};
            double[] values = {1.09 - 1.0, 0.125, 45365, 42};
            for (int c = 0; c < names.length; c++) {
                header.createCell(c).setCellValue(names[c]);
                CellStyle style = workbook.createCellStyle();
                style.setDataFormat(workbook.createDataFormat().getFormat(codes[c]));
                Cell cell = row.createCell(c);
                cell.setCellValue(values[c]);
                cell.setCellStyle(style);
            }
            workbook.write(out);
        }
        return file;
    }

    private static Path hostileWorkbook(Path file) throws IOException {
        try (XSSFWorkbook workbook = new XSSFWorkbook();
                OutputStream out = Files.newOutputStream(file)) {
            Sheet sheet = workbook.createSheet(
                    HOSTILE.replace('"', '\'').substring(0, 31).replace("[", "("));
            String[] header = {HOSTILE, "javascript:window.__pwned=3", "note"};
            String[] values = {SCRIPT, "javascript:alert(4)", HOSTILE};
            Row first = sheet.createRow(0);
            Row second = sheet.createRow(1);
            for (int c = 0; c < header.length; c++) {
                first.createCell(c).setCellValue(header[c]);
                second.createCell(c).setCellValue(values[c]);
            }
            workbook.write(out);
        }
        return file;
    }
}
