package dev.recaudo.e2e.support;

import static org.assertj.core.api.Assertions.assertThat;

import com.deque.html.axecore.results.Rule;
import com.deque.html.axecore.selenium.AxeBuilder;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Predicate;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.openqa.selenium.By;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.TakesScreenshot;
import org.openqa.selenium.TimeoutException;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebDriverException;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * The browser of the browser tests (the hosted page, the console): Debian's Chromium, headless,
 * driven through Debian's chromedriver so that nothing is downloaded or contacted, with a throw-away
 * profile and Latin American Spanish. Without a browser the test is skipped locally and fails in CI ({@code CI=true}).
 */
public final class HeadlessChromium implements AutoCloseable {

    private static final Path SCREENSHOTS = Path.of("target", "screenshots");

    private final WebDriver driver;
    private final Path profile;

    private HeadlessChromium(WebDriver driver, Path profile) {
        this.driver = driver;
        this.profile = profile;
    }

    /** Starts the browser at 1280x900 with the test's own {@code arguments} added to the common ones. */
    public static HeadlessChromium start(String... arguments) throws IOException {
        Optional<Path> chromium = onPath("chromium");
        Optional<Path> chromedriver = onPath("chromedriver");
        if (chromium.isEmpty() || chromedriver.isEmpty()) {
            String missing = "chromium and chromedriver must be on the PATH (apt-get install chromium chromium-driver)";
            if ("true".equalsIgnoreCase(System.getenv("CI"))) {
                throw new IllegalStateException(missing);
            }
            Assumptions.abort(missing);
        }
        Path profile = Files.createTempDirectory("recaudo-chromium-");
        ChromeOptions options = new ChromeOptions();
        options.setBinary(chromium.get().toFile());
        List<String> all = new ArrayList<>(List.of("--headless=new", "--no-sandbox", "--disable-dev-shm-usage",
                "--disable-background-networking", "--disable-component-update", "--disable-sync", "--disable-quic",
                "--no-first-run", "--user-data-dir=" + profile, "--window-size=1280,900"));
        all.addAll(List.of(arguments));
        options.addArguments(all);
        // The payer's browser asks for Latin American Spanish (Accept-Language), as a payer's would; downloads
        // land in the profile's own folder, without asking.
        options.setExperimentalOption("prefs", Map.of("intl.accept_languages", "es-419,es",
                "download.default_directory", profile.resolve("downloads").toString(), "download.prompt_for_download", false));
        ChromeDriverService service = new ChromeDriverService.Builder()
                .usingDriverExecutable(chromedriver.get().toFile())
                .usingAnyFreePort()
                .build();
        WebDriver driver;
        try {
            driver = new ChromeDriver(service, options);
        } catch (RuntimeException failed) {
            delete(profile);
            throw failed;
        }
        driver.manage().timeouts().pageLoadTimeout(Duration.ofSeconds(30));
        return new HeadlessChromium(driver, profile);
    }

    public WebDriver driver() {
        return driver;
    }

    /** The page as shown now, saved under {@code target/screenshots}. */
    public void screenshot(String name) throws IOException {
        Files.createDirectories(SCREENSHOTS);
        File shot = ((TakesScreenshot) driver).getScreenshotAs(OutputType.FILE);
        Files.copy(shot.toPath(), SCREENSHOTS.resolve(name), StandardCopyOption.REPLACE_EXISTING);
    }

    /** Fails on any serious or critical violation axe finds on the page as shown now. */
    public void assertAccessible() {
        List<String> serious = new AxeBuilder().analyze(driver).getViolations().stream()
                .filter(rule -> List.of("serious", "critical").contains(rule.getImpact()))
                .map(Rule::getId)
                .toList();
        assertThat(serious).as("serious or critical accessibility violations").isEmpty();
    }

    /**
     * The text of the element {@code locator} finds once it is {@code expected}, waited for (15 s at
     * most) after a form was sent: the post and its redirect may commit more than one document on a
     * busy machine, so an element found as soon as the old page was gone can belong to a document
     * already being replaced (Chromium's "Node with given id does not belong to the document"). A
     * text that never becomes the expected one fails with the last one read.
     */
    public static String awaitText(WebDriver driver, By locator, Predicate<String> expected) {
        String[] last = {null};
        try {
            new WebDriverWait(driver, Duration.ofSeconds(15)).ignoring(WebDriverException.class).until(page -> {
                last[0] = page.findElement(locator).getText();
                return expected.test(last[0]);
            });
        } catch (TimeoutException neverSo) {
            throw new AssertionError(locator + " reads \"" + last[0] + "\" after 15 s", neverSo);
        }
        return last[0];
    }

    /**
     * Waits (15 s at most) until {@code element} belongs to a document no longer shown, the form's
     * answer having replaced it. Chromium reports such an element either as stale or, while the new
     * document is being committed, as "Node with given id does not belong to the document", an
     * error Selenium's {@code stalenessOf} does not count as stale: both mean the page moved on.
     */
    public static void awaitGone(WebDriver driver, WebElement element) {
        new WebDriverWait(driver, Duration.ofSeconds(15)).until(page -> {
            try {
                element.isEnabled();
                return false;
            } catch (WebDriverException gone) {
                return true;
            }
        });
    }

    /** The file the browser downloaded whose name ends with {@code suffix}, once complete (at most 20 s). */
    public Path awaitDownload(String suffix) throws IOException, InterruptedException {
        Path downloads = profile.resolve("downloads");
        long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
        while (System.nanoTime() < deadline) {
            if (Files.isDirectory(downloads)) {
                try (Stream<Path> files = Files.list(downloads)) {
                    Optional<Path> done = files.filter(file -> file.getFileName().toString().endsWith(suffix)).findFirst();
                    if (done.isPresent()) {
                        return done.get();
                    }
                }
            }
            Thread.sleep(100);
        }
        throw new AssertionError("no download ending in " + suffix + " within 20 s");
    }

    /** Quits the browser and deletes its profile. */
    @Override
    public void close() throws IOException {
        driver.quit();
        delete(profile);
    }

    private static void delete(Path profile) throws IOException {
        try (Stream<Path> files = Files.walk(profile)) {
            files.sorted(Comparator.reverseOrder()).map(Path::toFile).forEach(File::delete);
        }
    }

    /** A program on the PATH (as Debian installs chromium and chromedriver), if there is one. */
    private static Optional<Path> onPath(String program) {
        return Stream.of(System.getenv().getOrDefault("PATH", "").split(File.pathSeparator))
                .map(directory -> Path.of(directory, program))
                .filter(Files::isExecutable)
                .findFirst();
    }
}
