package dev.recaudo.e2e.support;

import io.restassured.RestAssured;
import io.restassured.specification.RequestSpecification;
import org.eclipse.microprofile.config.ConfigProvider;

/**
 * Requests to the management interface, where health and metrics are served on a port of their own.
 * Tests ask for port 0 and Quarkus records the port it bound as {@code quarkus.management.test-port}.
 */
public final class ManagementInterface {

    private ManagementInterface() {}

    public static RequestSpecification given() {
        return RestAssured.given().port(ConfigProvider.getConfig().getValue("quarkus.management.test-port", Integer.class));
    }
}
