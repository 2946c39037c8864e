package dev.recaudo.e2e.support;

import io.restassured.response.Response;
import java.util.List;
import java.util.function.Supplier;

/** One request's answer and every round trip it made to the database ({@link CountingDriver}). */
public record RoundTrips(Response response, List<CountingDriver.Trip> trips) {

    public static RoundTrips of(Supplier<Response> request) {
        CountingDriver.clear();
        Response response = request.get();
        return new RoundTrips(response, CountingDriver.of(response.header("X-Request-Id")));
    }

    public long statements() {
        return trips.stream().filter(CountingDriver.Trip::isStatement).count();
    }

    public long commits() {
        return trips.stream().filter(CountingDriver.Trip::commits).count();
    }

    /** The trips one per line, for a failed budget's message. */
    public String listing() {
        StringBuilder text = new StringBuilder();
        trips.forEach(trip -> text.append(trip.autocommit() ? "[autocommit] " : "").append(trip.sql()).append('\n'));
        return text.toString();
    }
}
