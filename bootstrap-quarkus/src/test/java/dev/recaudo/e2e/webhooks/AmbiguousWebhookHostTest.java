package dev.recaudo.e2e.webhooks;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;

import dev.recaudo.e2e.support.Tenants;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Tests run with private targets allowed, so this shows that an ambiguous numeric host is refused
 * for being ambiguous, not for being private: {@code 0177.0.0.1} is loopback to software that reads
 * octal and a public address to the JDK.
 */
@QuarkusTest
class AmbiguousWebhookHostTest {

    @Test
    void givenLeadingZeroOctet_whenRegisteringAnEndpoint_then422OnUrlAndNothingStored() {
        Tenants.Company company = Tenants.company();
        for (String url : new String[] {"https://0177.0.0.1/h", "https://0x7f.0.0.1/h", "https://2130706433/h"}) {
            given().auth().oauth2(company.adminToken()).contentType(ContentType.JSON).body(Map.of("url", url))
                    .post("/companies/{id}/webhook-endpoints", company.id())
                    .then().statusCode(422).body("errors.url[0]", containsString("ambiguous"));
        }
        given().auth().oauth2(company.adminToken()).get("/companies/{id}/webhook-endpoints", company.id())
                .then().statusCode(200).body("size()", org.hamcrest.Matchers.equalTo(0));
    }
}
