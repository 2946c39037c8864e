package dev.recaudo.e2e.support;

import static io.restassured.RestAssured.given;

import java.time.Duration;
import java.util.Map;
import java.util.function.DoublePredicate;

/** Reads one series from {@code /q/metrics}, as Prometheus would scrape it. */
public final class Scrape {

    private Scrape() {}

    /**
     * The value of the series {@code name} whose labels include {@code labels}; 0 when no such series
     * is exported yet (a counter not counted yet).
     */
    public static double value(String name, Map<String, String> labels) {
        String scrape = given().accept("text/plain").get("/q/metrics").then().statusCode(200).extract().asString();
        for (String line : scrape.split("\n")) {
            if (line.startsWith(name + "{") && labels.entrySet().stream()
                    .allMatch(label -> line.contains(label.getKey() + "=\"" + label.getValue() + "\""))) {
                return Double.parseDouble(line.substring(line.lastIndexOf(' ') + 1));
            }
        }
        return 0;
    }

    /** Scrapes until the series' value passes {@code expected}, and answers it; fails after {@code timeout}. */
    public static double await(String name, Map<String, String> labels, DoublePredicate expected, Duration timeout)
            throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (true) {
            double value = value(name, labels);
            if (expected.test(value)) {
                return value;
            }
            if (System.nanoTime() > deadline) {
                throw new AssertionError(name + labels + " stayed at " + value);
            }
            Thread.sleep(100);
        }
    }
}
