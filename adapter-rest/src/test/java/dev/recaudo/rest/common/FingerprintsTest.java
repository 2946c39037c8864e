package dev.recaudo.rest.common;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.DecimalNode;
import dev.recaudo.domain.apikey.ApiKeyId;
import dev.recaudo.domain.apikey.KeyEnvironment;
import dev.recaudo.domain.common.TenantScope;
import dev.recaudo.domain.company.CompanyId;
import dev.recaudo.domain.idempotency.IdempotencyScope;
import dev.recaudo.domain.apikey.PartnerScope;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.time.Duration;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.Test;

class FingerprintsTest {

    private static final ObjectMapper JSON = new ObjectMapper().enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS);
    private static final TenantScope TENANT = new TenantScope(CompanyId.random(), KeyEnvironment.LIVE);
    private static final IdempotencyScope ERP = new IdempotencyScope(TENANT, new PartnerScope.Source("erp"));
    private static final Duration FAST = Duration.ofSeconds(2);

    private static JsonNode json(String text) {
        try {
            return JSON.readTree(text);
        } catch (Exception e) {
            throw new IllegalArgumentException(e);
        }
    }

    private static String canonical(String text) {
        return Fingerprints.canonical(json(text));
    }

    private static Fingerprints.Fingerprint body(IdempotencyScope scope, String text) {
        return Fingerprints.of(scope, Map.of(), json(text));
    }

    /** The digest the release before v2 stored: SHA-256 of its canonical text, written out here by hand. */
    private static String sha256(String text) throws Exception {
        return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8)));
    }

    @Test
    void givenSpellingsOfOneNumber_whenCanonicalized_thenOneForm() {
        assertThat(canonical("20")).isEqualTo("2e1");
        assertThat(canonical("20.0")).isEqualTo("2e1");
        assertThat(canonical("2e1")).isEqualTo("2e1");
        assertThat(canonical("2.000E+1")).isEqualTo("2e1");
        assertThat(canonical("-0.25")).isEqualTo("-25e-2");
        assertThat(canonical("0")).isEqualTo(canonical("0.000")).isEqualTo(canonical("-0e7")).isEqualTo("0");
        assertThat(canonical("{\"b\":[1,2.50],\"a\":\"x\"}")).isEqualTo("{\"a\":\"x\",\"b\":[1e0,25e-1]}");
    }

    @Test
    void givenHugeExponents_whenCanonicalized_thenFastAndNeverExpanded() {
        assertTimeoutPreemptively(FAST, () -> {
            assertThat(canonical("{\"metadata\":{\"x\":1e999999999}}")).isEqualTo("{\"metadata\":{\"x\":1e999999999}}");
            assertThat(canonical("1e999999999")).isNotEqualTo(canonical("1e999999998"));
            assertThat(canonical("1e-999999999")).isEqualTo("1e-999999999");
            assertThat(body(ERP, "{\"metadata\":{\"x\":1e999999999}}").value()).hasSize(67);
        });
    }

    @Test
    void givenScaleAtTheEdgeOfInt_whenStrippingZeros_thenTheExponentGoesBeyondIntWithoutFailing() {
        String canonical = Fingerprints.canonical(DecimalNode.valueOf(new BigDecimal("100e2147483647")));

        assertThat(canonical).isEqualTo("1e2147483649");
    }

    @Test
    void givenEqualRequests_whenFingerprinted_thenEqualVersionedValues() {
        Fingerprints.Fingerprint first = body(ERP, "{\"amount\":20,\"name\":\"A\"}");
        Fingerprints.Fingerprint second = body(ERP, "{ \"name\" : \"A\", \"amount\" : 2.0e1 }");

        assertThat(first.value()).startsWith("v2:").isEqualTo(second.value());
        assertThat(second.matches(first.value())).isTrue();
    }

    @Test
    void givenAnotherPartnerPathIdOrBody_whenFingerprinted_thenDifferentValues() {
        IdempotencyScope other = new IdempotencyScope(TENANT, new PartnerScope.Source("other"));
        IdempotencyScope lineage = new IdempotencyScope(TENANT, new PartnerScope.KeyLineage(ApiKeyId.random()));
        String request = Fingerprints.of(ERP, Map.of("externalDocumentId", "DC-1"), null).value();

        assertThat(Fingerprints.of(other, Map.of("externalDocumentId", "DC-1"), null).value()).isNotEqualTo(request);
        assertThat(Fingerprints.of(lineage, Map.of("externalDocumentId", "DC-1"), null).value()).isNotEqualTo(request);
        assertThat(Fingerprints.of(ERP, Map.of("externalDocumentId", "DC-2"), null).value()).isNotEqualTo(request);
        assertThat(Fingerprints.of(ERP, Map.of("externalDocumentId", "DC-1"), json("{}")).value()).isNotEqualTo(request);
        assertThat(body(ERP, "{\"amount\":21}").matches(body(ERP, "{\"amount\":20}").value())).isFalse();
    }

    @Test
    void givenRecordsOfTheReleaseBeforeV2_whenTheSameRequestComes_thenTheirDigestsMatch() throws Exception {
        // Before v2 a number was spelled out in full, and only the body (or path ids and body) was covered.
        String body = "{\"name\":\"A\",\"amount\":20.0,\"big\":1e3,\"tiny\":-0.50}";
        assertThat(body(ERP, body).matches(sha256("{\"amount\":20,\"big\":1000,\"name\":\"A\",\"tiny\":-0.5}"))).isTrue();
        assertThat(Fingerprints.of(ERP, Map.of("externalDocumentId", "DC-1"), null)
                .matches(sha256("{\"externalDocumentId\":\"DC-1\"}"))).isTrue();
        assertThat(Fingerprints.of(ERP, Map.of("externalPaymentId", "P-1"), json("{\"rate\":\"36.5\"}"))
                .matches(sha256("{\"body\":{\"rate\":\"36.5\"},\"externalPaymentId\":\"P-1\"}"))).isTrue();

        assertThat(body(ERP, "{\"amount\":21}").matches(sha256("{\"amount\":20}"))).isFalse();
    }

    @Test
    void givenHugeExponentAgainstARecordOfTheReleaseBeforeV2_whenCompared_thenMismatchWithoutExpanding() throws Exception {
        Fingerprints.Fingerprint huge = body(ERP, "{\"metadata\":{\"x\":1e999999999,\"y\":1e-999999999}}");
        Fingerprints.Fingerprint bounded = body(ERP, "{\"x\":1e400}");

        assertTimeoutPreemptively(FAST, () -> assertThat(huge.matches(sha256("{\"metadata\":{\"x\":1}}"))).isFalse());
        assertThat(Fingerprints.legacy(json("{\"x\":1e999999999}"))).isEmpty();
        assertThat(bounded.matches(sha256("{\"x\":1" + "0".repeat(400) + "}"))).isTrue();
    }

    @Test
    void givenBodiesEqualAsJson_whenFingerprinted_thenEqualWhateverTheKeyOrderOrEscapes() {
        String value = body(ERP, "{\"customer\":{\"name\":\"Jos\u00e9\",\"tax\":\"V-1\"},\"lines\":[{\"q\":1,\"u\":2.50}]}").value();

        assertThat(body(ERP, "{\"lines\":[{\"u\":2.5,\"q\":1.0}],\"customer\":{\"tax\":\"V-1\",\"name\":\"Jos\\u00e9\"}}").value())
                .isEqualTo(value);
    }

    @Test
    void givenBodiesThatDifferInAnyValue_whenFingerprinted_thenDifferent() {
        String[] bodies = {"{\"a\":20}", "{\"a\":\"20\"}", "{\"a\":null}", "{}", "{\"a\":true}", "{\"a\":\"true\"}",
            "{\"a\":[1,2]}", "{\"a\":[2,1]}", "{\"a\":[[1,2]]}", "{\"a\":{\"b\":1}}", "{\"A\":20}", "{\"a\":-20}"};

        assertThat(Arrays.stream(bodies).map(text -> body(ERP, text).value())).doesNotHaveDuplicates();
    }

    @Test
    void givenPathIdsInAnyOrder_whenFingerprinted_thenEqual() {
        Map<String, String> ids = new LinkedHashMap<>();
        ids.put("companyId", "c-1");
        ids.put("externalPaymentId", "P-1");
        Map<String, String> reversed = new LinkedHashMap<>();
        reversed.put("externalPaymentId", "P-1");
        reversed.put("companyId", "c-1");

        assertThat(Fingerprints.of(ERP, reversed, json("{}")).value()).isEqualTo(Fingerprints.of(ERP, ids, json("{}")).value());
        assertThat(Fingerprints.of(ERP, Map.of("companyId", "P-1", "externalPaymentId", "c-1"), json("{}")).value())
                .isNotEqualTo(Fingerprints.of(ERP, ids, json("{}")).value());
    }

    @Test
    void givenAStoredCurrentFormOfAnotherRequest_whenCompared_thenNoMatchAndNoOldFormIsTried() {
        Fingerprints.Fingerprint request = body(ERP, "{\"amount\":20}");

        assertThat(request.matches(body(ERP, "{\"amount\":21}").value())).isFalse();
        assertThat(request.matches(request.value())).isTrue();
        assertThat(request.matches("v2:" + request.value().substring(3).toUpperCase(Locale.ROOT))).isFalse();
    }
}
