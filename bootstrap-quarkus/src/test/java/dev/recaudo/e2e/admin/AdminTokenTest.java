package dev.recaudo.e2e.admin;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.greaterThan;

import dev.recaudo.application.admin.AdminAuthenticationUseCase.AdminPrincipal;
import dev.recaudo.domain.admin.AdminUserId;
import dev.recaudo.domain.admin.UserRole;
import dev.recaudo.domain.company.CompanyId;
import dev.recaudo.e2e.support.Tenants;
import dev.recaudo.e2e.support.Windows;
import dev.recaudo.rest.auth.AccessTokens;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.smallrye.jwt.build.Jwt;
import jakarta.inject.Inject;
import java.security.KeyPairGenerator;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

@QuarkusTest
class AdminTokenTest {

    @Inject
    AccessTokens tokens;

    @Test
    void givenRightCredentials_whenLoggingIn_thenBearerTokenNamingTheCompany() {
        Tenants.Company company = Tenants.company();
        String token = given().contentType(ContentType.JSON)
                .body(Map.of("email", company.adminEmail().toUpperCase(), "password", Tenants.PASSWORD))
                .post("/auth/token")
                .then().statusCode(200)
                .body("tokenType", equalTo("Bearer"))
                .body("expiresIn", greaterThan(0))
                .extract().path("accessToken");
        String claims = new String(Base64.getUrlDecoder().decode(token.split("\\.")[1]));
        assertThat(claims).contains(company.id().toString());
    }

    @Test
    void givenWrongPasswordOrUnknownEmail_whenLoggingIn_then401() {
        Tenants.Company company = Tenants.company();
        given().contentType(ContentType.JSON).body(Map.of("email", company.adminEmail(), "password", "wrong password"))
                .post("/auth/token")
                .then().statusCode(401).body("code", equalTo(10002));
        given().contentType(ContentType.JSON).body(Map.of("email", "nobody@example.test", "password", Tenants.PASSWORD))
                .post("/auth/token")
                .then().statusCode(401).body("code", equalTo(10002));
        given().contentType(ContentType.JSON).body(Map.of("email", company.adminEmail()))
                .post("/auth/token")
                .then().statusCode(401);
    }

    @Test
    void givenManyFailedLogins_whenLoggingIn_then429WithRetryAfter() throws InterruptedException {
        String email = "guessed-" + UUID.randomUUID() + "@example.test";
        Windows.awaitFreshMinute();
        for (int i = 0; i < 10; i++) {
            given().contentType(ContentType.JSON).body(Map.of("email", email, "password", "guess-" + i))
                    .post("/auth/token").then().statusCode(401);
        }
        given().contentType(ContentType.JSON).body(Map.of("email", email, "password", "guess-x"))
                .post("/auth/token")
                .then().statusCode(429).body("code", equalTo(10029)).header("Retry-After", org.hamcrest.Matchers.notNullValue());
    }

    @Test
    void givenMissingExpiredTamperedOrForeignToken_whenListingKeys_then401() throws NoSuchAlgorithmException {
        Tenants.Company company = Tenants.company();
        String path = "/companies/" + company.id() + "/api-keys";
        AdminPrincipal admin = new AdminPrincipal(
                new AdminUserId(UUID.randomUUID()), new CompanyId(company.id()), company.adminEmail(), UserRole.ADMIN);

        given().get(path).then().statusCode(401).body("code_name", equalTo("authentication_error"));

        String expired = tokens.issueAdmin(admin, Instant.now().minus(Duration.ofHours(3))).accessToken();
        given().auth().oauth2(expired).get(path).then().statusCode(401);

        String valid = company.adminToken();
        String[] parts = valid.split("\\.");
        String payload = new String(Base64.getUrlDecoder().decode(parts[1]));
        String forged = Base64.getUrlEncoder().withoutPadding().encodeToString(
                payload.replace(company.id().toString(), UUID.randomUUID().toString()).getBytes());
        given().auth().oauth2(parts[0] + "." + forged + "." + parts[2]).get(path).then().statusCode(401);
        given().auth().oauth2(parts[0] + "." + parts[1] + "." + parts[2].substring(0, parts[2].length() - 4) + "AAAA")
                .get(path).then().statusCode(401);

        KeyPairGenerator generator = KeyPairGenerator.getInstance("RSA");
        generator.initialize(2048);
        String wronglySigned = Jwt.issuer("recaudo").subject(admin.adminUserId().toString())
                .claim("token_use", "admin").claim("company_id", company.id().toString())
                .expiresIn(600).sign(generator.generateKeyPair().getPrivate());
        given().auth().oauth2(wronglySigned).get(path).then().statusCode(401);

        given().auth().oauth2("not.a.jwt").get(path).then().statusCode(401);
        given().auth().oauth2(valid).get(path).then().statusCode(200);
    }

    @Test
    void givenApiKeyInsteadOfJwt_whenCallingAdministration_then401AndKeyIgnored() {
        Tenants.Company company = Tenants.company();
        Tenants.Key key = company.key("erp", List.of("payments:read"), "erp");
        given().header("X-API-Key", key.secret()).get("/companies/{id}/api-keys", company.id())
                .then().statusCode(401);
        given().auth().oauth2(key.secret()).get("/companies/{id}/api-keys", company.id())
                .then().statusCode(401);
    }

    @Test
    void givenAdminOfCompanyA_whenNamingCompanyB_then404LikeAMissingCompany() {
        Tenants.Company a = Tenants.company();
        Tenants.Company b = Tenants.company();
        String otherCompany = given().auth().oauth2(a.adminToken()).get("/companies/{id}/api-keys", b.id())
                .then().statusCode(404).body("code", equalTo(10004))
                .extract().asString();
        String missingCompany = given().auth().oauth2(a.adminToken()).get("/companies/{id}/api-keys", UUID.randomUUID())
                .then().statusCode(404)
                .extract().asString();
        assertThat(otherCompany).isEqualTo(missingCompany);
        given().auth().oauth2(a.adminToken()).contentType(ContentType.JSON).body(Map.of("name", "intruder"))
                .post("/companies/{id}/api-keys", b.id())
                .then().statusCode(404);
    }
}
