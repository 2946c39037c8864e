package dev.recaudo.e2e.checkout;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;

/**
 * The browser of the page's browser tests: Debian's Chromium, headless, driven through Debian's
 * chromedriver so that nothing is downloaded or contacted, with a throw-away profile and a payer's
 * Latin American Spanish. Without a browser the test is skipped locally and fails in CI ({@code CI=true}).
 */
final class HeadlessChromium implements AutoCloseable {

    private final WebDriver driver;
    private final Path profile;

    private HeadlessChromium(WebDriver driver, Path profile) {
        this.driver = driver;
        this.profile = profile;
    }

    /** Starts the browser at 1280x900 with the test's own {@code arguments} added to the common ones. */
    static HeadlessChromium start(String... arguments) throws IOException {
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
        // The payer's browser asks for Latin American Spanish (Accept-Language), as a payer's would.
        options.setExperimentalOption("prefs", Map.of("intl.accept_languages", "es-419,es"));
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

    WebDriver driver() {
        return driver;
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
