package dev.recaudo.e2e.operations;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import dev.recaudo.bootstrap.DemoSeed;
import dev.recaudo.e2e.support.Sql;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

@QuarkusTest
class DemoSeedTest {

    @Inject
    DemoSeed seed;

    @Test
    void givenDemoSeed_whenRunTwice_thenOneCompanyWithWorkingKeysPrintedOnce() {
        String printed = capture(seed::seed);
        Matcher publicKey = Pattern.compile("public invoices key (rk_live_\\S+)").matcher(printed);
        assertThat(publicKey.find()).isTrue();
        assertThat(printed).contains("curl -s -H 'Authorization: Bearer " + publicKey.group(1));
        given().auth().oauth2(publicKey.group(1)).get("/v1/invoices").then().statusCode(200);
        Matcher externalKey = Pattern.compile("external pay key\\s+(rk_live_\\S+)").matcher(printed);
        assertThat(externalKey.find()).isTrue();
        given().header("X-API-Key", externalKey.group(1)).get("/external/payments").then().statusCode(200);

        assertThat(capture(seed::seed)).doesNotContain("rk_live_");
        assertThat(Sql.count("SELECT count(*) FROM api_keys k JOIN admin_users a ON a.company_id = k.company_id"
                + " WHERE a.email = 'demo-admin@recaudo.local'")).isEqualTo(4);
    }

    private static String capture(Runnable work) {
        PrintStream original = System.out;
        ByteArrayOutputStream buffer = new ByteArrayOutputStream();
        System.setOut(new PrintStream(buffer, true, StandardCharsets.UTF_8));
        try {
            work.run();
        } finally {
            System.setOut(original);
        }
        return buffer.toString(StandardCharsets.UTF_8);
    }
}
