package io.tablequery.server.web;

import io.tablequery.server.docs.GeneratedPage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.StaleElementReferenceException;
import org.openqa.selenium.TakesScreenshot;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * A headless Chromium driven through ChromeDriver, both Debian's, with a profile and a download directory of its own
 * inside the test's directory (so a killed run leaves nothing elsewhere) and no background networking (this machine's
 * network is closed).
 */
final class Browser implements AutoCloseable {
    static final Path CHROMIUM = Path.of(System.getenv().getOrDefault("TQ_CHROMIUM", "/usr/bin/chromium"));
    static final Path DRIVER = Path.of(System.getenv().getOrDefault("TQ_CHROMEDRIVER", "/usr/bin/chromedriver"));
    private static final Path SCREENS = Path.of("target", "web-screens");

    private final ChromeDriver driver;
    private final Path downloads;

    private Browser(ChromeDriver driver, Path downloads) {
        this.driver = driver;
        this.downloads = downloads;
    }

    static boolean installed() {
        return Files.isExecutable(CHROMIUM) && Files.isExecutable(DRIVER);
    }

    /** Starts a browser with a window of the given size. */
    static Browser start(Path directory, int width, int height) throws IOException {
        Path profile = Files.createDirectories(directory.resolve("profile"));
        Path downloads = Files.createDirectories(directory.resolve("downloads"));
        ChromeOptions options = new ChromeOptions();
        options.setBinary(CHROMIUM.toFile());
        options.addArguments(
                "--headless=new",
                "--no-sandbox",
                "--disable-gpu",
                "--disable-quic",
                "--no-first-run",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                "--disable-dev-shm-usage",
                "--user-data-dir=" + profile,
                "--window-size=%d,%d".formatted(width, height));
        options.setExperimentalOption(
                "prefs",
                Map.of("download.default_directory", downloads.toString(), "download.prompt_for_download", false));
        ChromeDriverService service = new ChromeDriverService.Builder()
                .usingDriverExecutable(DRIVER.toFile())
                .usingAnyFreePort()
                .build();
        return new Browser(new ChromeDriver(service, options), downloads);
    }

    WebDriver driver() {
        return driver;
    }

    /** Clicks the element and waits for the file it downloads, which it returns. */
    Path download(String selector, String fileName) {
        Path file = downloads.resolve(fileName);
        element(selector).click();
        waitFor(d -> Files.exists(file) ? true : null);
        return file;
    }

    void open(String url) {
        driver.get(url);
    }

    Object script(String script, Object... args) {
        return ((JavascriptExecutor) driver).executeScript(script, args);
    }

    /** Runs an asynchronous script: its last argument is the callback that ends it with a value. */
    Object asyncScript(String script, Object... args) {
        return ((JavascriptExecutor) driver).executeAsyncScript(script, args);
    }

    /**
     * Waits until a condition holds. An element the condition read that the page redrew meanwhile (stale) means not
     * yet: the condition is tried again, as it is for an element not found.
     */
    <T> T waitFor(Function<WebDriver, T> condition) {
        return new WebDriverWait(driver, Duration.ofSeconds(30))
                .pollingEvery(Duration.ofMillis(20))
                .ignoring(StaleElementReferenceException.class)
                .until(condition);
    }

    WebElement element(String css) {
        return waitFor(d -> {
            List<WebElement> found = d.findElements(By.cssSelector(css));
            return found.isEmpty() || !found.get(0).isDisplayed() ? null : found.get(0);
        });
    }

    /**
     * Clicks the element a selector finds once it is shown, finding it again if the page redrew it between the two
     * (the files list redraws as each upload's DuckDB copy becomes current).
     */
    void click(String css) {
        waitFor(d -> {
            List<WebElement> found = d.findElements(By.cssSelector(css));
            if (found.isEmpty() || !found.get(0).isDisplayed()) {
                return null;
            }
            found.get(0).click();
            return true;
        });
    }

    /** The text of the element a selector finds, or empty; read again if the page redrew it meanwhile. */
    String text(String css) {
        for (int attempt = 0; ; attempt++) {
            try {
                List<WebElement> found = driver.findElements(By.cssSelector(css));
                return found.isEmpty() ? "" : found.get(0).getText();
            } catch (StaleElementReferenceException e) {
                if (attempt == 10) {
                    throw e;
                }
            }
        }
    }

    List<WebElement> all(String css) {
        return driver.findElements(By.cssSelector(css));
    }

    /**
     * Saves a screenshot of the window under {@code target/web-screens}, and, with {@code -Dtq.docs.write=true}, over
     * the docs' copy of it in {@code server/web/screenshots} when there is one (the README and the page's manual
     * show those).
     */
    Path screenshot(String name) throws IOException {
        Files.createDirectories(SCREENS);
        Path file = SCREENS.resolve(name + ".png");
        Files.write(file, ((TakesScreenshot) driver).getScreenshotAs(OutputType.BYTES));
        Path shown = Path.of("web", "screenshots", name + ".png");
        if (Boolean.getBoolean(GeneratedPage.WRITE) && Files.isRegularFile(shown)) {
            Files.copy(file, shown, StandardCopyOption.REPLACE_EXISTING);
        }
        return file;
    }

    @Override
    public void close() {
        driver.quit();
    }
}
