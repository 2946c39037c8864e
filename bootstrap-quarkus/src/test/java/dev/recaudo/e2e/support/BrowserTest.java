package dev.recaudo.e2e.support;

import java.io.IOException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.openqa.selenium.WebDriver;

/** A test with a fresh headless Chromium per test method ({@link HeadlessChromium}), closed after it. */
public abstract class BrowserTest {

    protected HeadlessChromium browser;
    protected WebDriver driver;

    @BeforeEach
    void startBrowser() throws IOException {
        browser = HeadlessChromium.start();
        driver = browser.driver();
    }

    @AfterEach
    void stopBrowser() throws IOException {
        if (browser != null) {
            browser.close();
        }
    }
}
