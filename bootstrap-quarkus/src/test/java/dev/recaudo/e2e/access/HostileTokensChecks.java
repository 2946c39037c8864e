package dev.recaudo.e2e.access;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.lessThan;

import dev.recaudo.e2e.support.Envelopes;
import dev.recaudo.e2e.support.Sql;
import dev.recaudo.e2e.support.Tenants;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.jose4j.jwt.JwtClaims;
import org.jose4j.jwt.NumericDate;
import org.junit.jupiter.api.Test;

/**
 * Forged admin and checkout tokens that TokenClaimsTest does not cover: no signature ({@code alg:
 * none}), HS256 keyed with the service's public key (algorithm confusion), a {@code nbf} in the
 * future, a checkout token of the wrong issuer, and one naming another company. Each is tried on a
 * write and must be refused with 401 and write nothing; the same claims signed properly are
 * accepted, so the refusal is the forgery's.
 */
public abstract class HostileTokensChecks {

    @Test
    public void givenForgedAdminTokens_whenCreatingAKey_then401AndNoKeyCreated() {
        Tenants.Company company = Tenants.company();
        UUID admin = UUID.fromString(Sql.text("SELECT id::text FROM admin_users WHERE company_id = ?", company.id()));
        Instant now = Instant.now();
        JwtClaims claims = ForgedTokens.claims("recaudo-admin", "admin", admin, company.id(), now);
        for (String forged : ForgedTokens.forgeries(claims)) {
            Envelopes.assertPublic(createKey(company, forged), 401, 10002);
        }
        JwtClaims notYetValid = ForgedTokens.claims("recaudo-admin", "admin", admin, company.id(), now);
        notYetValid.setNotBefore(NumericDate.fromSeconds(now.plusSeconds(600).getEpochSecond()));
        Envelopes.assertPublic(createKey(company, ForgedTokens.rs256(notYetValid)), 401, 10002);
        assertThat(Sql.count("SELECT count(*) FROM api_keys WHERE company_id = ?", company.id())).isZero();

        createKey(company, ForgedTokens.rs256(claims)).then().statusCode(201);
    }

    @Test
    public void givenForgedCheckoutTokens_whenCreatingAProduct_then401AndNoProductStored() {
        Tenants.Company company = Tenants.company();
        Tenants.Company other = Tenants.company();
        Tenants.Key key = company.key("checkout", List.of("checkout:write"), "shop");
        Instant now = Instant.now();
        JwtClaims claims = ForgedTokens.claims("recaudo-checkout", "checkout", key.id(), company.id(), now);
        for (String forged : ForgedTokens.forgeries(claims)) {
            Envelopes.assertStatus(createProduct(company, forged), 401, "/checkout/product");
        }
        JwtClaims notYetValid = ForgedTokens.claims("recaudo-checkout", "checkout", key.id(), company.id(), now);
        notYetValid.setNotBefore(NumericDate.fromSeconds(now.plusSeconds(600).getEpochSecond()));
        JwtClaims wrongIssuer = ForgedTokens.claims("recaudo-checkout", "checkout", key.id(), company.id(), now);
        wrongIssuer.setIssuer("someone-else");
        JwtClaims otherCompany = ForgedTokens.claims("recaudo-checkout", "checkout", key.id(), other.id(), now);
        for (JwtClaims refused : List.of(notYetValid, wrongIssuer, otherCompany)) {
            Envelopes.assertStatus(createProduct(company, ForgedTokens.rs256(refused)), 401, "/checkout/product");
            Envelopes.assertStatus(createProduct(other, ForgedTokens.rs256(refused)), 401, "/checkout/product");
        }
        assertThat(Sql.count("SELECT count(*) FROM products WHERE company_id IN (?, ?)", company.id(), other.id())).isZero();

        createProduct(company, ForgedTokens.rs256(claims)).then().statusCode(lessThan(300));
    }

    private static Response createKey(Tenants.Company company, String token) {
        return given().auth().oauth2(token).contentType(ContentType.JSON).body(Map.of("name", "forged"))
                .post("/companies/{c}/api-keys", company.id());
    }

    private static Response createProduct(Tenants.Company company, String token) {
        return given().auth().oauth2(token).contentType(ContentType.JSON)
                .body(Map.of("companyId", company.id().toString(), "sku", "FORGED", "name", "Plan", "amountMinor", 1,
                        "currency", "USD"))
                .post("/checkout/product");
    }
}
