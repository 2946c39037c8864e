package dev.recaudo.e2e.access;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import dev.recaudo.e2e.support.Signer;
import dev.recaudo.e2e.support.Sql;
import dev.recaudo.e2e.support.Tenants;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import io.restassured.specification.RequestSpecification;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * Every write operation of the key-authenticated families in /q/openapi, called with a key that
 * holds every read permission and no write one: each answers its family's 403 and writes nothing.
 * The list comes from the route table, so a new write endpoint is covered the day it is published.
 */
public abstract class ReadOnlyKeyChecks {

    private static final List<String> READS = List.of("public_invoices:read", "whatsapp_events:read", "customers:read",
            "collection_documents:read", "payments:read");

    /** How a family reads its credential and answers a refusal. */
    enum Family { PUBLIC, SANDBOX, INTEGRATIONS, X_API_KEY, CHECKOUT }

    @Test
    public void givenReadOnlyKey_whenCallingEveryWriteOperationOfTheKeyFamilies_then403OfTheFamilyAndNothingWritten() {
        Tenants.Company company = Tenants.company();
        Tenants.Key live = company.createKey(Map.of("name", "reader", "permissions", READS, "source", "erp",
                "rateLimitRpm", 10_000));
        Tenants.Key test = company.createKey(Map.of("name", "reader test", "permissions", READS, "source", "erp",
                "environment", "test", "rateLimitRpm", 10_000));
        Map<String, String> before = VictimRows.of(company.id(), null);
        List<String> answered = new ArrayList<>();
        int writes = 0;
        for (RouteTable.Operation operation : RouteTable.operations()) {
            Family family = family(operation);
            if (family == null || !operation.writes()) {
                continue;
            }
            writes++;
            String path = operation.path().replaceAll("\\{companyId}", company.id().toString())
                    .replaceAll("\\{[^}]+}", UUID.randomUUID().toString());
            Response response = call(family, operation.method(), path, family == Family.SANDBOX ? test : live);
            if (!refused(family, response, path)) {
                answered.add(operation.name() + " answered " + response.statusCode() + " " + response.asString());
            }
        }
        assertThat(writes).as("write operations of the key families found in the route table").isGreaterThan(15);
        assertThat(answered).as("write operations that did not refuse a read-only key with the family's 403").isEmpty();
        // Every integrations POST is audited, refusals included (docs/decisions.md); nothing else may be written.
        // The administrator's key creations above are in the company's administration trail, not the key's.
        Map<String, String> after = VictimRows.of(company.id(), null);
        after.remove("audit_records");
        before.remove("audit_records");
        assertThat(after).isEqualTo(before);
        assertThat(Sql.count("SELECT count(*) FROM audit_records WHERE company_id = ? AND actor_kind = 'api_key'"
                + " AND http_status <> 403", company.id()))
                .isZero();
    }

    /** The family of a key-authenticated operation, from its security schemes; null for the others. */
    private static Family family(RouteTable.Operation operation) {
        if (operation.schemes().contains("integrationsSignature")) {
            return Family.INTEGRATIONS;
        }
        if (operation.schemes().contains("checkoutToken")) {
            return Family.CHECKOUT;
        }
        if (operation.path().startsWith("/sandbox/")) {
            return Family.SANDBOX;
        }
        if (operation.schemes().contains("apiKeyBearer")) {
            return Family.PUBLIC;
        }
        return operation.schemes().contains("xApiKey") ? Family.X_API_KEY : null;
    }

    /** A well-formed request past every check before the permission: signed, with idempotency keys and a JSON body. */
    private static Response call(Family family, String method, String path, Tenants.Key key) {
        String body = method.equals("DELETE") ? "" : "{}";
        RequestSpecification request = given().header("Idempotency-Key", UUID.randomUUID().toString())
                .header("x-idempotency", UUID.randomUUID().toString());
        if (!body.isEmpty()) {
            request.contentType(ContentType.JSON).body(body);
        }
        switch (family) {
            case INTEGRATIONS -> {
                String timestamp = Signer.now();
                request.auth().oauth2(key.secret()).header("Service-Timestamp", timestamp)
                        .header("Service-Signature", Signer.sign(key.secret(), timestamp, method, path, body));
            }
            case X_API_KEY -> request.header("X-API-Key", key.secret());
            case CHECKOUT -> request.auth().oauth2(ForgedTokens.rs256(ForgedTokens.claims("recaudo-checkout", "checkout",
                    key.id(), key.company().id(), Instant.now())));
            default -> request.auth().oauth2(key.secret());
        }
        return request.request(method, path);
    }

    private static boolean refused(Family family, Response response, String path) {
        if (response.statusCode() != 403) {
            return false;
        }
        Map<String, Object> body = response.jsonPath().getMap("");
        return switch (family) {
            case PUBLIC, SANDBOX -> Integer.valueOf(10005).equals(body.get("code"))
                    && body.keySet().equals(java.util.Set.of("message", "code", "code_name", "errors"));
            case INTEGRATIONS -> "forbidden".equals(response.jsonPath().getString("error.code"));
            case X_API_KEY, CHECKOUT -> Integer.valueOf(403).equals(body.get("statusCode")) && path.equals(body.get("path"));
        };
    }
}
