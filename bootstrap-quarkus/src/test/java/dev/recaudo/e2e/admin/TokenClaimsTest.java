package dev.recaudo.e2e.admin;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;

import dev.recaudo.e2e.support.LogCapture;
import dev.recaudo.e2e.support.SigningKeys;
import dev.recaudo.e2e.support.Sql;
import dev.recaudo.e2e.support.Tenants;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.smallrye.jwt.build.Jwt;
import io.smallrye.jwt.build.JwtClaimsBuilder;
import java.security.PrivateKey;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.jose4j.jws.AlgorithmIdentifiers;
import org.jose4j.jws.JsonWebSignature;
import org.jose4j.jwt.JwtClaims;
import org.jose4j.jwt.NumericDate;
import org.jose4j.lang.JoseException;
import org.junit.jupiter.api.Test;

/**
 * Hostile admin and checkout tokens, signed with the service's real key (read from the database, as
 * an insider who stole it would), so that only the claim checks can refuse them: issuer, audience,
 * issue time, lifetime, and a subject that exists in the claimed company. Plus disabled companies.
 */
@QuarkusTest
class TokenClaimsTest {

    private static final String SIGNING_KEY_NAME = SigningKeys.NAME;
    private static final Duration ADMIN_LIFETIME = Duration.ofHours(1);
    private static final Duration CHECKOUT_LIFETIME = Duration.ofMinutes(15);

    @Test
    void givenWellFormedTokenSignedWithTheRealKey_whenListingKeys_then200() {
        Tenants.Company company = Tenants.company();
        Instant now = Instant.now();
        given().auth().oauth2(sign(adminClaims(company, adminId(company), now, now.plus(ADMIN_LIFETIME))))
                .get("/companies/{id}/api-keys", company.id())
                .then().statusCode(200);
    }

    @Test
    void givenIssuedAtWithinTheClockSkew_whenListingKeys_then200() {
        Tenants.Company company = Tenants.company();
        Instant issuedAt = Instant.now().plusSeconds(30);
        given().auth().oauth2(sign(adminClaims(company, adminId(company), issuedAt, issuedAt.plus(ADMIN_LIFETIME))))
                .get("/companies/{id}/api-keys", company.id())
                .then().statusCode(200);
    }

    @Test
    void givenIssuedAtInTheFuture_whenListingKeys_then401() {
        Tenants.Company company = Tenants.company();
        Instant issuedAt = Instant.now().plus(Duration.ofMinutes(10));
        assertRefused(company, adminClaims(company, adminId(company), issuedAt, issuedAt.plus(ADMIN_LIFETIME)));
    }

    @Test
    void givenExpiryDecadesAway_whenListingKeys_then401() {
        Tenants.Company company = Tenants.company();
        Instant now = Instant.now();
        assertRefused(company, adminClaims(company, adminId(company), now, now.plus(Duration.ofDays(365L * 30))));
        assertRefused(company, adminClaims(company, adminId(company), now, now.plus(ADMIN_LIFETIME).plusSeconds(1)));
    }

    @Test
    void givenMissingOrWrongAudienceIssuerOrIssueTime_whenListingKeys_then401() {
        Tenants.Company company = Tenants.company();
        UUID admin = adminId(company);
        Instant now = Instant.now();
        Instant expiry = now.plus(ADMIN_LIFETIME);
        assertRefused(company, Jwt.issuer("recaudo").subject(admin.toString()).claim("token_use", "admin")
                .claim("company_id", company.id().toString()).issuedAt(now).expiresAt(expiry));
        assertRefused(company, adminClaims(company, admin, now, expiry).audience("recaudo-checkout"));
        assertRefused(company, adminClaims(company, admin, now, expiry).issuer("someone-else"));
        given().auth().oauth2(signedWithoutIssuedAt(company, admin, expiry)).get("/companies/{id}/api-keys", company.id())
                .then().statusCode(401).body("code", equalTo(10002));
    }

    @Test
    void givenSubjectThatIsNoAdministrator_whenListingKeys_then401() {
        Tenants.Company company = Tenants.company();
        Instant now = Instant.now();
        assertRefused(company, adminClaims(company, UUID.randomUUID(), now, now.plus(ADMIN_LIFETIME)));
    }

    /**
     * Issue 21, item 6: a token signed with the service's key whose subject or company is not a UUID
     * answered {@code 500}; it is a token this service never wrote, so {@code 401} like any other,
     * for admin and checkout tokens alike, and with no error in the log.
     */
    @Test
    void givenSubjectOrCompanyThatIsNotAUuid_whenUsingTheToken_then401AndNoErrorLogged() throws InterruptedException {
        Tenants.Company company = Tenants.company();
        Tenants.Key key = company.key("checkout", List.of("checkout:write"), "shop");
        String product = "/checkout/company/" + company.id() + "/product/sku/NONE";
        Instant now = Instant.now();
        try (LogCapture log = LogCapture.of("")) {
            for (String notAUuid : List.of("admin", "1-1-1-1-1", "", "00000000-0000-0000-0000-00000000000g")) {
                assertRefused(company, adminClaims(company, adminId(company), now, now.plus(ADMIN_LIFETIME)).subject(notAUuid));
                assertRefused(company, adminClaims(company, adminId(company), now, now.plus(ADMIN_LIFETIME))
                        .claim("company_id", notAUuid));
                assertCheckoutRefused(product, checkoutClaims(company, key.id(), now, now.plus(CHECKOUT_LIFETIME))
                        .subject(notAUuid));
                assertCheckoutRefused(product, checkoutClaims(company, key.id(), now, now.plus(CHECKOUT_LIFETIME))
                        .claim("company_id", notAUuid));
            }
            assertRefused(company, adminClaims(company, adminId(company), now, now.plus(ADMIN_LIFETIME)).claim("company_id", 42));
            log.assertNoErrorLogged();
        }
    }

    @Test
    void givenAdminOfCompanyBClaimingCompanyA_whenListingOrCreatingKeysOfA_then401AndNothingWritten() {
        Tenants.Company a = Tenants.company();
        Tenants.Company b = Tenants.company();
        Instant now = Instant.now();
        JwtClaimsBuilder claims = adminClaims(a, adminId(b), now, now.plus(ADMIN_LIFETIME));
        assertRefused(a, claims);
        given().auth().oauth2(sign(adminClaims(a, adminId(b), now, now.plus(ADMIN_LIFETIME))))
                .contentType(ContentType.JSON).body(Map.of("name", "intruder"))
                .post("/companies/{id}/api-keys", a.id())
                .then().statusCode(401);
        assertThat(Sql.count("SELECT count(*) FROM api_keys WHERE company_id = ?", a.id())).isZero();
    }

    @Test
    void givenDisabledCompany_whenLoggingInOrUsingAToken_then403AndNoKeyMinted() {
        Tenants.Company company = Tenants.company();
        company.patch(Map.of("enabled", false));

        given().contentType(ContentType.JSON).body(Map.of("email", company.adminEmail(), "password", Tenants.PASSWORD))
                .post("/auth/token")
                .then().statusCode(403).body("code", equalTo(10005));
        given().contentType(ContentType.JSON).body(Map.of("email", company.adminEmail(), "password", "wrong password"))
                .post("/auth/token")
                .then().statusCode(401).body("code", equalTo(10002));
        given().auth().oauth2(company.adminToken()).get("/companies/{id}/api-keys", company.id())
                .then().statusCode(403).body("code", equalTo(10005));
        given().auth().oauth2(company.adminToken()).contentType(ContentType.JSON).body(Map.of("name", "k"))
                .post("/companies/{id}/api-keys", company.id())
                .then().statusCode(403).body("code", equalTo(10005));
        assertThat(Sql.count("SELECT count(*) FROM api_keys WHERE company_id = ?", company.id())).isZero();

        company.patch(Map.of("enabled", true));
        given().auth().oauth2(company.adminToken()).get("/companies/{id}/api-keys", company.id())
                .then().statusCode(200);
        Tenants.login(company.adminEmail(), Tenants.PASSWORD);
    }

    @Test
    void givenHostileCheckoutTokens_whenReadingAProduct_then401() {
        Tenants.Company company = Tenants.company();
        Tenants.Key key = company.key("checkout", List.of("checkout:write"), "shop");
        String path = "/checkout/company/" + company.id() + "/product/sku/NONE";
        Instant now = Instant.now();

        given().auth().oauth2(sign(checkoutClaims(company, key.id(), now, now.plus(CHECKOUT_LIFETIME))))
                .get(path).then().statusCode(404);

        Instant future = now.plus(Duration.ofMinutes(10));
        assertCheckoutRefused(path, checkoutClaims(company, key.id(), future, future.plus(CHECKOUT_LIFETIME)));
        assertCheckoutRefused(path, checkoutClaims(company, key.id(), now, now.plus(Duration.ofDays(365L * 30))));
        assertCheckoutRefused(path, checkoutClaims(company, key.id(), now, now.plus(CHECKOUT_LIFETIME))
                .audience("recaudo-admin"));
        assertCheckoutRefused(path, Jwt.issuer("recaudo").subject(key.id().toString()).claim("token_use", "checkout")
                .claim("company_id", company.id().toString()).issuedAt(now).expiresAt(now.plus(CHECKOUT_LIFETIME)));
        assertCheckoutRefused(path, checkoutClaims(company, UUID.randomUUID(), now, now.plus(CHECKOUT_LIFETIME)));
    }

    @Test
    void givenExpiredCheckoutToken_whenReadingOrWriting_then401AndNothingStored() {
        Tenants.Company company = Tenants.company();
        Tenants.Key key = company.key("checkout", List.of("checkout:write"), "shop");
        Instant issued = Instant.now().minus(CHECKOUT_LIFETIME).minus(Duration.ofMinutes(2));
        String expired = sign(checkoutClaims(company, key.id(), issued, issued.plus(CHECKOUT_LIFETIME)));
        String companyId = company.id().toString();
        given().auth().oauth2(expired).get("/checkout/company/" + companyId + "/product/sku/NONE")
                .then().statusCode(401).body("statusCode", equalTo(401));
        given().auth().oauth2(expired).contentType(ContentType.JSON)
                .body(Map.of("companyId", companyId, "sku", "A", "name", "Plan", "amountMinor", 1, "currency", "USD"))
                .post("/checkout/product").then().statusCode(401).body("path", equalTo("/checkout/product"));
        given().auth().oauth2(expired).contentType(ContentType.JSON)
                .body(Map.of("companyId", companyId, "email", "a@example.com", "name", "Ana"))
                .post("/checkout/resolve-customer").then().statusCode(401).body("path", equalTo("/checkout/resolve-customer"));
        assertThat(Sql.count("SELECT count(*) FROM products WHERE company_id = ?", company.id())).isZero();
        assertThat(Sql.count("SELECT count(*) FROM checkout_customers WHERE company_id = ?", company.id())).isZero();
    }

    private static void assertRefused(Tenants.Company company, JwtClaimsBuilder claims) {
        given().auth().oauth2(sign(claims)).get("/companies/{id}/api-keys", company.id())
                .then().statusCode(401).body("code", equalTo(10002));
    }

    private static void assertCheckoutRefused(String path, JwtClaimsBuilder claims) {
        given().auth().oauth2(sign(claims)).get(path).then().statusCode(401).body("statusCode", equalTo(401));
    }

    private static JwtClaimsBuilder adminClaims(Tenants.Company company, UUID adminId, Instant issuedAt, Instant expiresAt) {
        return Jwt.issuer("recaudo").audience("recaudo-admin").subject(adminId.toString())
                .claim("token_use", "admin").claim("company_id", company.id().toString())
                .claim("email", company.adminEmail())
                .issuedAt(issuedAt).expiresAt(expiresAt);
    }

    private static JwtClaimsBuilder checkoutClaims(Tenants.Company company, UUID keyId, Instant issuedAt, Instant expiresAt) {
        return Jwt.issuer("recaudo").audience("recaudo-checkout").subject(keyId.toString())
                .claim("token_use", "checkout").claim("company_id", company.id().toString())
                .issuedAt(issuedAt).expiresAt(expiresAt);
    }

    /** Written with jose4j, because smallrye's builder always adds an issue time. */
    private static String signedWithoutIssuedAt(Tenants.Company company, UUID adminId, Instant expiresAt) {
        JwtClaims claims = new JwtClaims();
        claims.setIssuer("recaudo");
        claims.setAudience("recaudo-admin");
        claims.setSubject(adminId.toString());
        claims.setClaim("token_use", "admin");
        claims.setClaim("company_id", company.id().toString());
        claims.setExpirationTime(NumericDate.fromSeconds(expiresAt.getEpochSecond()));
        JsonWebSignature signature = new JsonWebSignature();
        signature.setPayload(claims.toJson());
        signature.setKey(signingKey());
        signature.setKeyIdHeaderValue(SIGNING_KEY_NAME);
        signature.setAlgorithmHeaderValue(AlgorithmIdentifiers.RSA_USING_SHA256);
        try {
            return signature.getCompactSerialization();
        } catch (JoseException e) {
            throw new IllegalStateException(e);
        }
    }

    private static UUID adminId(Tenants.Company company) {
        return UUID.fromString(Sql.text("SELECT id::text FROM admin_users WHERE company_id = ?", company.id()));
    }

    private static String sign(JwtClaimsBuilder claims) {
        return claims.jws().keyId(SIGNING_KEY_NAME).sign(signingKey());
    }

    private static PrivateKey signingKey() {
        return SigningKeys.privateKey();
    }
}
