package dev.recaudo.e2e.support;

import static io.restassured.RestAssured.given;

import java.util.List;
import java.util.Map;

/** Waits for the lifecycle webhook deliveries that the outbox queues after an event. */
public final class Deliveries {

    private Deliveries() {}

    /** The id of the endpoint's first delivery, once the outbox has queued one (at most 20 s). */
    public static String first(Tenants.Company company, String endpoint) {
        long deadline = System.nanoTime() + 20_000_000_000L;
        while (System.nanoTime() < deadline) {
            List<Map<String, Object>> deliveries = given().auth().oauth2(company.adminToken())
                    .get("/companies/{c}/webhook-endpoints/{e}/deliveries", company.id(), endpoint)
                    .then().statusCode(200).extract().jsonPath().getList("");
            if (!deliveries.isEmpty()) {
                return (String) deliveries.get(0).get("id");
            }
            try {
                Thread.sleep(100);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError(e);
            }
        }
        throw new AssertionError("no delivery was queued for the endpoint within 20 s");
    }
}
