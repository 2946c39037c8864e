package dev.recaudo.e2e.checkout;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;

import dev.recaudo.e2e.support.Sql;
import dev.recaudo.e2e.support.StoredSecrets;
import dev.recaudo.e2e.support.Tenants;
import dev.recaudo.persistence.checkout.PayerIdRekeying;
import dev.recaudo.persistence.secret.SecretColumn;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import jakarta.inject.Inject;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.Test;

/**
 * A checkout payer's global {@code customerId}: the same for one e-mail in every company, derived
 * with an HMAC under the service's sealed secret, so nobody computes it from a guessed address; the
 * name-based ids of payers stored before are answered keyed at once and re-keyed in the background.
 */
@QuarkusTest
class CheckoutPayerIdsTest {

    /** The row of {@code signing_keys} holding the secret (PayerIds.SECRET_NAME). */
    private static final String SECRET_NAME = "checkout-payer-id-hmac-sha256";

    @Inject
    PayerIdRekeying rekeying;

    private static String token(Tenants.Company company) {
        Tenants.Key key = company.createKey(Map.of("name", "checkout", "permissions", List.of("checkout:write")));
        return given().header("X-API-Key", key.secret()).post("/checkout/token").then().statusCode(200)
                .extract().path("accessToken");
    }

    private static Response resolve(Tenants.Company company, String email) {
        return given().auth().oauth2(token(company)).contentType(ContentType.JSON)
                .body(Map.of("companyId", company.id().toString(), "email", email, "name", "Ana Pérez"))
                .post("/checkout/resolve-customer");
    }

    /** What the id was before: anyone could compute it from the e-mail. */
    private static UUID nameBased(String email) {
        return UUID.nameUUIDFromBytes(("recaudo:payer:" + email.toLowerCase(Locale.ROOT)).getBytes(StandardCharsets.UTF_8));
    }

    /** The HMAC-SHA256 of the e-mail under the stored secret, opened as an insider with the database and the key could. */
    private static UUID keyed(String email) throws Exception {
        byte[] secret = StoredSecrets.open(SecretColumn.SIGNING_KEYS, SECRET_NAME,
                Sql.bytes("SELECT private_key FROM signing_keys WHERE name = ?", SECRET_NAME));
        Mac mac = Mac.getInstance("HmacSHA256");
        mac.init(new SecretKeySpec(secret, "HmacSHA256"));
        byte[] digest = mac.doFinal(("recaudo:payer:" + email.toLowerCase(Locale.ROOT)).getBytes(StandardCharsets.UTF_8));
        digest[6] = (byte) ((digest[6] & 0x0f) | 0x80);
        digest[8] = (byte) ((digest[8] & 0x3f) | 0x80);
        ByteBuffer bits = ByteBuffer.wrap(digest, 0, 16);
        return new UUID(bits.getLong(), bits.getLong());
    }

    @Test
    void givenOneEmailInTwoCompanies_whenResolved_thenOneGlobalIdKeyedUnderTheSealedSecretAndNotTheNameBasedOne()
            throws Exception {
        String email = "payer-" + UUID.randomUUID() + "@example.com";
        Tenants.Company first = Tenants.company();
        Tenants.Company second = Tenants.company();

        String inFirst = resolve(first, email).then().statusCode(201).extract().path("customerId");
        String inSecond = resolve(second, email.toUpperCase(Locale.ROOT)).then().statusCode(201).extract().path("customerId");

        assertThat(inSecond).isEqualTo(inFirst);
        UUID customerId = UUID.fromString(inFirst);
        assertThat(customerId).isNotEqualTo(nameBased(email));
        assertThat(customerId.version()).isEqualTo(8);
        assertThat(customerId).isEqualTo(keyed(email));
        assertThat(new String(Sql.bytes("SELECT private_key FROM signing_keys WHERE name = ?", SECRET_NAME),
                StandardCharsets.ISO_8859_1)).as("the secret is sealed at rest").startsWith("sealed:v1:test-a:");
        assertThat(Sql.text("SELECT string_agg(DISTINCT customer_id::text, ',') FROM checkout_customers WHERE company_id IN (?, ?)",
                first.id(), second.id())).as("stored as answered").isEqualTo(inFirst);
    }

    @Test
    void givenPayerStoredWithItsNameBasedId_whenResolvedThenRekeyed_thenTheKeyedIdIsAnsweredAtOnceAndThenStored() {
        String email = "legacy-" + UUID.randomUUID() + "@example.com";
        Tenants.Company company = Tenants.company();
        UUID legacy = nameBased(email);
        Sql.execute("INSERT INTO checkout_customers (id, company_id, is_test, customer_id, email, name, created_at)"
                + " VALUES (?, ?, false, ?, ?, 'Ana', now())", UUID.randomUUID(), company.id(), legacy, email);

        String answered = resolve(company, email).then().statusCode(200).body("isNew", equalTo(false))
                .extract().path("customerId");
        assertThat(answered).isNotEqualTo(legacy.toString());
        Tenants.Company other = Tenants.company();
        resolve(other, email).then().statusCode(201).body("customerId", equalTo(answered));

        rekeying.rekeyAll();

        assertThat(Sql.text("SELECT customer_id::text FROM checkout_customers WHERE company_id = ?", company.id()))
                .isEqualTo(answered);
        assertThat(Sql.count("SELECT count(*) FROM checkout_customers WHERE substr(customer_id::text, 15, 1) = '3'")).isZero();
        resolve(company, email).then().statusCode(200).body("customerId", equalTo(answered));
    }
}
