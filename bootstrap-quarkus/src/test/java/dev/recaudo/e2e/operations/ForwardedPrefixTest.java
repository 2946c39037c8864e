package dev.recaudo.e2e.operations;

import static org.assertj.core.api.Assertions.assertThat;

import dev.recaudo.e2e.support.RawHttp;
import dev.recaudo.e2e.support.Signer;
import dev.recaudo.e2e.support.Tenants;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import io.restassured.response.Response;
import io.restassured.specification.RequestSpecification;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The service serves at {@code /} behind a proxy at 127.0.0.1 that strips {@code /api} and says so
 * in {@code X-Forwarded-Prefix}. Only the trusted proxy's prefix counts: the same header from any
 * other address is ignored, so the path such a caller sent is the one without it.
 */
@QuarkusTest
@TestProfile(ForwardedPrefixTest.TrustedProxy.class)
class ForwardedPrefixTest extends PathPrefixContract {

    /** A caller on this host that is not the proxy: Linux answers for all of 127.0.0.0/8. */
    private static final String UNTRUSTED_ADDRESS = "127.0.0.2";

    public static class TrustedProxy implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of(
                    "quarkus.http.proxy.proxy-address-forwarding", "true",
                    "quarkus.http.proxy.enable-forwarded-prefix", "true",
                    "quarkus.http.proxy.enable-forwarded-host", "true",
                    "quarkus.http.proxy.trusted-proxies", "127.0.0.1",
                    "recaudo.public-base-url", PUBLIC_BASE_URL);
        }
    }

    @Override
    Response send(RequestSpecification request, String method, String path) {
        return request.header("X-Forwarded-Prefix", PREFIX).request(method, path);
    }

    @Test
    void givenPrefixHeaderFromAnUntrustedAddress_whenSigned_thenThePrefixIsIgnored() {
        Tenants.Key key = Tenants.company().key("partner", List.of("customers:read"), "acme-erp");
        String customers = "/integrations/v1/" + key.company().id() + "/customers";

        RawHttp.Reply withPrefix = RawHttp.from(UNTRUSTED_ADDRESS, "GET", customers, signedHeaders(key, PREFIX + customers), null);
        assertThat(withPrefix.status()).isEqualTo(401);
        assertThat(withPrefix.json().getString("error.code")).isEqualTo("invalid_signature");

        RawHttp.Reply asReceived = RawHttp.from(UNTRUSTED_ADDRESS, "GET", customers, signedHeaders(key, customers), null);
        assertThat(asReceived.status()).as(asReceived.body()).isEqualTo(200);
    }

    private static Map<String, String> signedHeaders(Tenants.Key key, String signedPath) {
        String timestamp = Signer.now();
        return Map.of("Authorization", "Bearer " + key.secret(), "X-Forwarded-Prefix", PREFIX,
                "Service-Timestamp", timestamp, "Service-Signature", Signer.sign(key.secret(), timestamp, "GET", signedPath, ""));
    }
}
