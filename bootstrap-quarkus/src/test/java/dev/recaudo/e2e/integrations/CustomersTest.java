package dev.recaudo.e2e.integrations;

import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.notNullValue;

import dev.recaudo.e2e.support.Integrations;
import dev.recaudo.e2e.support.Sql;
import dev.recaudo.e2e.support.Tenants;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

@QuarkusTest
class CustomersTest {

    private static Tenants.Key key() {
        return Tenants.company().key("partner", List.of("customers:read", "customers:write"), "acme-erp");
    }

    private static String customer(String externalId, String name, String taxId) {
        return "{\"source\":\"acme-erp\",\"externalCustomerId\":\"" + externalId + "\",\"type\":\"business\",\"name\":\""
                + name + "\"" + (taxId == null ? "" : ",\"taxId\":\"" + taxId + "\"") + "}";
    }

    @Test
    void givenNewThenChangedThenSameCustomer_whenUpserting_thenCreatedUpdatedUnchanged() {
        Tenants.Key key = key();
        String path = Integrations.customersPath(key) + "/upsert";
        JsonPath created = Integrations.post(key, path, customer("c-1", "Ana Pérez", "J-1234"))
                .then().statusCode(201)
                .body("status", equalTo("created"))
                .body("source", equalTo("acme-erp"))
                .body("externalCustomerId", equalTo("c-1"))
                .body("customerId", notNullValue())
                .body("companyCustomerId", notNullValue())
                .extract().jsonPath();
        String companyCustomerId = created.getString("companyCustomerId");

        Integrations.post(key, path, customer("c-1", "Ana Pérez de Díaz", "J-1234"))
                .then().statusCode(200)
                .body("status", equalTo("updated"))
                .body("companyCustomerId", equalTo(companyCustomerId));
        long updatedAt = Sql.count("SELECT extract(epoch FROM updated_at) * 1000000 FROM customers WHERE id = ?::uuid",
                companyCustomerId);
        Integrations.post(key, path, customer("c-1", "Ana Pérez de Díaz", "J-1234"))
                .then().statusCode(200)
                .body("status", equalTo("unchanged"))
                .body("companyCustomerId", equalTo(companyCustomerId))
                .body("customerId", equalTo(created.getString("customerId")));
        assertThat(Sql.count("SELECT extract(epoch FROM updated_at) * 1000000 FROM customers WHERE id = ?::uuid",
                companyCustomerId)).isEqualTo(updatedAt);
    }

    @Test
    void givenSameTaxIdentityWrittenDifferently_whenUpsertingNewExternalId_thenLinkedToSameCustomer() {
        Tenants.Key key = key();
        String path = Integrations.customersPath(key) + "/upsert";
        String first = Integrations.post(key, path, customer("c-1", "Ana", "V-12.345.678"))
                .then().statusCode(201).extract().path("companyCustomerId");
        String second = Integrations.post(key, path, customer("c-2", "Ana", "v12345678"))
                .then().statusCode(201).extract().path("companyCustomerId");
        assertThat(second).isEqualTo(first);
        Integrations.get(key, Integrations.customersPath(key))
                .then().statusCode(200)
                .body("items.size()", equalTo(1))
                .body("items[0].externalIntegrations.size()", equalTo(2));
    }

    @Test
    void givenInvalidCustomer_whenUpserting_then400ValidationError() {
        Tenants.Key key = key();
        String path = Integrations.customersPath(key) + "/upsert";
        Integrations.post(key, path, "{\"source\":\"acme-erp\",\"externalCustomerId\":\"\",\"type\":\"person\",\"name\":\"\"}")
                .then().statusCode(400)
                .body("error.code", equalTo("validation_error"))
                .body("error.message", equalTo("The request is invalid: externalCustomerId is required; "
                        + "type must be individual or business; name is required, at most 200 characters"));
        Integrations.post(key, path, customer("c-1", "x".repeat(201), null))
                .then().statusCode(400).body("error.code", equalTo("validation_error"))
                .body("error.message", equalTo("The request is invalid: name is required, at most 200 characters"));
        Integrations.post(key, path, "{\"source\":\"acme-erp\",\"externalCustomerId\":\"c-1\",\"name\":\"Ana\","
                + "\"email\":\"" + "a".repeat(195) + "@example.com\",\"phone\":\"" + "1".repeat(33) + "\"}")
                .then().statusCode(400)
                .body("error.message", equalTo("The request is invalid: email must have at most 200 characters; "
                        + "email must be a valid e-mail address; phone must have at most 32 characters"));
        Integrations.post(key, path, customer("c-1", "x".repeat(200), null)).then().statusCode(201);
    }

    @Test
    void givenManyCustomers_whenPagingByCursor_thenEveryRowOnceNewestFirst() {
        Tenants.Key key = key();
        String path = Integrations.customersPath(key);
        for (int i = 0; i < 7; i++) {
            Integrations.post(key, path + "/upsert", customer("c-" + i, "Customer " + i, null)).then().statusCode(201);
        }
        List<String> seen = new ArrayList<>();
        String cursor = null;
        do {
            JsonPath page = Integrations.get(key, path, "limit=3" + (cursor == null ? "" : "&cursor=" + cursor))
                    .then().statusCode(200).body("pagination.limit", equalTo(3)).extract().jsonPath();
            seen.addAll(page.getList("items.externalCustomerId"));
            cursor = page.getString("pagination.nextCursor");
            assertThat(page.getBoolean("pagination.hasMore")).isEqualTo(cursor != null);
        } while (cursor != null);
        assertThat(seen).containsExactly("c-6", "c-5", "c-4", "c-3", "c-2", "c-1", "c-0");
    }

    @Test
    void givenSearchText_whenListing_thenMatchesNameEmailTaxIdOrCode() {
        Tenants.Key key = key();
        String path = Integrations.customersPath(key);
        Integrations.post(key, path + "/upsert", "{\"source\":\"acme-erp\",\"externalCustomerId\":\"c-1\",\"name\":\"Zoe\","
                + "\"email\":\"zoe@example.test\",\"taxId\":\"E-99\",\"customerCode\":\"VIP-7\"}").then().statusCode(201);
        Integrations.post(key, path + "/upsert", customer("c-2", "Bruno", null)).then().statusCode(201);
        for (String search : List.of("zoe", "EXAMPLE.test", "E-99", "vip-7")) {
            Integrations.get(key, path, "search=" + search)
                    .then().statusCode(200).body("items.size()", equalTo(1)).body("items[0].name", equalTo("Zoe"));
        }
        Integrations.get(key, path, "search=100%25").then().statusCode(200).body("items.size()", equalTo(0));
    }

    @Test
    void givenTamperedOrForgedCursor_whenListing_then400() {
        Tenants.Key key = key();
        String path = Integrations.customersPath(key);
        for (int i = 0; i < 3; i++) {
            Integrations.post(key, path + "/upsert", customer("c-" + i, "Customer " + i, null)).then().statusCode(201);
        }
        String cursor = Integrations.get(key, path, "limit=1").then().extract().path("pagination.nextCursor");
        String tampered = cursor.substring(0, 3) + (cursor.charAt(3) == 'A' ? 'B' : 'A') + cursor.substring(4);
        for (String bad : List.of(tampered, "garbage", "eyJ4IjoxfQ.AAAA", cursor + "x")) {
            Integrations.get(key, path, "cursor=" + bad)
                    .then().statusCode(400).body("error.code", equalTo("validation_error"));
        }
        Integrations.get(key, path, "limit=0").then().statusCode(400);
        Integrations.get(key, path, "limit=101").then().statusCode(400);
    }
}
