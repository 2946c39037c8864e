package dev.recaudo.e2e.console;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import dev.recaudo.e2e.console.ConsoleClient.Session;
import dev.recaudo.e2e.support.Sql;
import dev.recaudo.e2e.support.Tenants;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import java.util.Map;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.junit.jupiter.api.Test;

/** API keys in the console: created and rotated with the key shown once, revoked, each in the session's environment only. */
@QuarkusTest
class ConsoleKeysTest {

    @Test
    void anAdministratorCreatesRotatesAndRevokesKeysOfTheEnvironmentShown() {
        Tenants.Company company = Tenants.company();
        Session admin = Session.of(company);

        Response created = given().redirects().follow(false).cookie("recaudo_console", admin.id()).formParam("csrf", admin.csrf())
                .formParam("name", "ERP de facturas").formParam("source", "erp").formParam("permission", "collection_documents:read")
                .formParam("permission", "verified_payments:write").post("/console/integration/keys");
        assertThat(created.statusCode()).isEqualTo(200);
        String secret = Jsoup.parse(created.asString()).select("#new-key").text();
        assertThat(secret).startsWith("rk_live_");
        assertThat(Sql.text("SELECT environment || ' ' || coalesce(source, '') || ' ' || array_to_string(permissions, ',')"
                + " FROM api_keys WHERE company_id = ? AND key_prefix = ?", company.id(), secret.substring(0, 12)))
                .isEqualTo("live erp collection_documents:read,verified_payments:write");
        Document listed = page(admin, "/console/integration/keys");
        assertThat(listed.select("table.keys tbody tr")).hasSize(1);
        assertThat(listed.html()).contains(secret.substring(0, 12)).doesNotContain(secret);
        String keyId = listed.select("table.keys tbody tr").attr("data-key");

        Response rotated = ConsoleClient.post(admin, "/console/integration/keys/" + keyId + "/rotate", Map.of());
        assertThat(rotated.statusCode()).isEqualTo(200);
        String replacement = Jsoup.parse(rotated.asString()).select("#new-key").text();
        assertThat(replacement).startsWith("rk_live_").isNotEqualTo(secret);
        assertThat(Sql.count("SELECT count(*) FROM api_keys WHERE id = ?::uuid AND revoked_at IS NOT NULL", keyId)).isEqualTo(1);
        String replacementId = page(admin, "/console/integration/keys").select("table.keys tbody tr").attr("data-key");

        // A test-environment session neither sees nor touches the live key.
        ConsoleClient.post(admin, "/console/environment", Map.of("environment", "test")).then().statusCode(303);
        assertThat(page(admin, "/console/integration/keys").select("#no-keys")).hasSize(1);
        ConsoleClient.post(admin, "/console/integration/keys/" + replacementId + "/revoke", Map.of()).then().statusCode(404);
        ConsoleClient.post(admin, "/console/integration/keys/" + replacementId + "/rotate", Map.of()).then().statusCode(404);
        Response testKey = ConsoleClient.post(admin, "/console/integration/keys", Map.of("name", "pruebas"));
        assertThat(Jsoup.parse(testKey.asString()).select("#new-key").text()).startsWith("rk_test_");
        ConsoleClient.post(admin, "/console/environment", Map.of("environment", "live")).then().statusCode(303);

        ConsoleClient.post(admin, "/console/integration/keys/" + replacementId + "/revoke", Map.of()).then().statusCode(303);
        assertThat(page(admin, "/console/integration/keys").select("#no-keys")).hasSize(1);
        ConsoleClient.post(admin, "/console/integration/keys/" + replacementId + "/revoke", Map.of()).then().statusCode(404);
    }

    @Test
    void aKeyTheAdministrationApiWouldRefuseIsRefusedWithItsReason() {
        Session admin = Session.of(Tenants.company());
        Response nameless = ConsoleClient.post(admin, "/console/integration/keys", Map.of("name", " "));
        assertThat(nameless.statusCode()).isEqualTo(422);
        assertThat(Jsoup.parse(nameless.asString()).select(".problem").text()).contains("name");
        Response unknown = ConsoleClient.post(admin, "/console/integration/keys", Map.of("name", "x", "permission", "everything:write"));
        assertThat(unknown.statusCode()).isEqualTo(422);
        assertThat(Jsoup.parse(unknown.asString()).select(".problem").text()).contains("everything:write");
        assertThat(page(admin, "/console/integration/keys").select("#no-keys")).hasSize(1);
    }

    private static Document page(Session session, String path) {
        return Jsoup.parse(ConsoleClient.get(session, path).then().statusCode(200).extract().asString());
    }
}
