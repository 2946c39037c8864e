package dev.recaudo.battery;

import static org.assertj.core.api.Assertions.assertThat;

import dev.recaudo.battery.BatteryClient.Answer;
import dev.recaudo.battery.BatteryClient.Call;
import io.restassured.path.json.JsonPath;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * A company onboarded black-box, over HTTP through the instances, as the platform operator and the
 * company's administrator would: the operator API creates it, the admin logs in and creates keys.
 * Keys get the largest rate a key may have, so the battery measures races, not the rate limiter.
 */
public record Company(UUID id, String adminEmail, String adminToken, BatteryClient client) {

    /** The largest {@code rateLimitRpm} the service accepts for a key. */
    public static final int KEY_RPM_MAX = 100_000;
    static final String ADMIN_PASSWORD = "correct horse battery";

    /** A secret API key; {@code source} is the partner name its documents and payments carry. */
    public record Key(UUID id, String secret, String source) {}

    /** Creates a company with an administrator through {@code POST /operator/companies}, then logs the admin in. */
    public static Company onboard(BatteryClient client, String operatorToken) throws Exception {
        String email = "admin-" + UUID.randomUUID() + "@battery.test";
        Answer created = client.sendWithFailover(Call.post("/operator/companies", Json.object(
                "name", "Battery " + email, "referenceCurrency", "USD",
                "admin", Map.of("email", email, "password", ADMIN_PASSWORD)))
                .header("Authorization", "Bearer " + operatorToken));
        assertThat(created.status()).as("company creation: %s", created).isEqualTo(201);
        Answer login = client.sendWithFailover(Call.post("/auth/token", Json.object("email", email, "password", ADMIN_PASSWORD)));
        assertThat(login.status()).as("admin login: %s", login).isEqualTo(200);
        return new Company(UUID.fromString(created.json().getString("companyId")), email, login.json().getString("accessToken"),
                client);
    }

    /** Creates a key through the admin's key API; {@code environment} is {@code live} or {@code test}. */
    public Key key(String name, List<String> permissions, String source, String environment) throws Exception {
        Answer created = client.sendWithFailover(Call.post("/companies/" + id + "/api-keys", Json.object(
                "name", name, "permissions", permissions, "source", source, "environment", environment,
                "rateLimitRpm", KEY_RPM_MAX))
                .header("Authorization", "Bearer " + adminToken));
        assertThat(created.status()).as("key creation: %s", created).isEqualTo(201);
        JsonPath key = created.json();
        return new Key(UUID.fromString(key.getString("id")), key.getString("key"), source);
    }

    /** A partner on the integrations API with every integrations permission, source {@code acme-erp}. */
    public IntegrationsPartner integrationsPartner() throws Exception {
        return new IntegrationsPartner(this, key("battery partner", IntegrationsPartner.PERMISSIONS, "acme-erp", "live"));
    }

    /** A live key of the public invoice API, source {@code erp}. */
    public Key invoicesKey() throws Exception {
        return key("battery invoices", List.of("public_invoices:read", "public_invoices:write"), "erp", "live");
    }
}
