package dev.recaudo.e2e.credentials;

import static io.restassured.RestAssured.given;

import dev.recaudo.e2e.support.Envelopes;
import dev.recaudo.e2e.support.Integrations;
import dev.recaudo.e2e.support.Signer;
import dev.recaudo.e2e.support.Tenants;
import io.restassured.response.Response;
import io.restassured.specification.RequestSpecification;
import java.util.List;
import java.util.function.LongFunction;
import org.junit.jupiter.api.Test;

/**
 * The integrations signature headers as an attacker or a broken client sends them: each malformed
 * one is a 401 in the family's envelope (never a 5xx), and the five-minute window holds to the second
 * in both directions. IntegrationsCredentialsTest covers the well-formed wrong values, ReplayChecks
 * a well-formed signature sent again.
 */
public abstract class SignatureHeadersChecks {

    private static final List<String> CUSTOMERS = List.of("customers:read");
    private static final String HEX = "0123456789abcdef".repeat(4);

    private static Tenants.Key partnerKey() {
        return Tenants.company().key("partner", CUSTOMERS, "acme-erp");
    }

    /** A GET of the customers list with these header values; null leaves a header out, several repeat it. */
    private static Response list(Tenants.Key key, List<String> timestamps, List<String> signatures) {
        RequestSpecification request = given().auth().oauth2(key.secret());
        for (String timestamp : timestamps) {
            request = request.header("Service-Timestamp", timestamp);
        }
        for (String signature : signatures) {
            request = request.header("Service-Signature", signature);
        }
        return request.get(Integrations.customersPath(key));
    }

    @Test
    public void givenMalformedTimestampHeaders_whenCalling_then401InvalidTimestampInTheEnvelope() {
        Tenants.Key key = partnerKey();
        String path = Integrations.customersPath(key);
        String now = Signer.now();
        String signed = Signer.sign(key.secret(), now, "GET", path, "");
        List<List<String>> timestamps = List.of(
                List.of(),                                    // missing
                List.of(""),                                  // empty
                List.of("garbage!"),                          // not a number
                List.of("1.7953e9"),                          // a number, not Unix seconds as 10 digits
                List.of("-179532000"),                        // negative
                List.of("0x6afd7f00"),                        // another base
                List.of("17953200000000000000000"),           // beyond a long
                List.of("9".repeat(8_000)),                   // huge
                List.of(now, now));                           // repeated
        for (List<String> timestamp : timestamps) {
            Response answer = list(key, timestamp, List.of(signed));
            Envelopes.assertIntegrations(answer, 401, "invalid_timestamp");
        }
    }

    @Test
    public void givenMalformedSignatureHeaders_whenCalling_then401InvalidSignatureInTheEnvelope() {
        Tenants.Key key = partnerKey();
        String now = Signer.now();
        String good = Signer.sign(key.secret(), now, "GET", Integrations.customersPath(key), "");
        List<List<String>> signatures = List.of(
                List.of(),                                    // missing
                List.of(""),                                  // empty
                List.of("garbage"),                           // not the scheme
                List.of("v1="),                               // the prefix alone
                List.of("v1=" + "g".repeat(64)),              // not hex
                List.of("V1=" + good.substring(3)),           // the prefix in another case
                List.of("sha256=" + good.substring(3)),       // another scheme's prefix
                List.of("v1=" + "a".repeat(8_000)),           // huge
                List.of(good + "," + good),                   // two in one header
                List.of(good, good));                         // repeated
        for (List<String> signature : signatures) {
            Response answer = list(key, List.of(now), signature);
            Envelopes.assertIntegrations(answer, 401, "invalid_signature");
        }
        list(key, List.of(now), List.of(good)).then().statusCode(200);
    }

    /**
     * Sends a request signed {@code skewSeconds} away from the second it is sent in, again until
     * the answer came back within that same second: the service's clock is this machine's, so it
     * then saw exactly that skew.
     */
    private static Response withinOneSecond(LongFunction<Response> send) {
        for (int attempt = 0; attempt < 20; attempt++) {
            long before = System.currentTimeMillis() / 1000;
            Response answer = send.apply(before);
            if (System.currentTimeMillis() / 1000 == before) {
                return answer;
            }
        }
        throw new AssertionError("no request was answered within the second it was sent in, in 20 attempts");
    }

    @Test
    public void givenTimestampsAtTheEdgesOfTheWindow_whenCalling_then299AcceptedAnd301RefusedBothWays() {
        Tenants.Key key = partnerKey();
        String path = Integrations.customersPath(key);
        for (long skewSeconds : new long[] {-299, 299, -301, 301}) {
            Response answer = withinOneSecond(now -> {
                String timestamp = Long.toString(now + skewSeconds);
                return list(key, List.of(timestamp), List.of(Signer.sign(key.secret(), timestamp, "GET", path, "")));
            });
            if (Math.abs(skewSeconds) < 300) {
                answer.then().statusCode(200);
            } else {
                Envelopes.assertIntegrations(answer, 401, "invalid_timestamp");
            }
        }
    }
}
