package dev.recaudo.rest.common;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.UUID;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Which request ids a client may choose: they are echoed and written to every log line of the request. */
class RequestIdsTest {

    @ParameterizedTest
    @ValueSource(strings = {"req-42", "0f8fad5b-d9cb-11d9-8e3c-000000000001", "trace:abc.def_1", "F-2024.17"})
    void givenSaneId_whenAccepted_thenKept(String incoming) {
        assertThat(RequestIds.acceptOrCreate(incoming)).isEqualTo(incoming);
    }

    /**
     * Issue 21 review, second round: three dotted parts are a token only when the first is a JSON
     * header ({@code eyJ}); a partner's dotted id is kept.
     */
    @ParameterizedTest
    @ValueSource(strings = {"svc.2026.01", "aGVhZGVy.cGF5bG9hZA.c2lnbmF0dXJl", "release.v2.", "heyJude.a.b"})
    void givenDottedIdThatIsNoToken_whenAccepted_thenKept(String incoming) {
        assertThat(RequestIds.acceptOrCreate(incoming)).isEqualTo(incoming);
    }

    /** Review F12: an id shaped like a key, a webhook secret or a token is replaced, never echoed nor logged. */
    @ParameterizedTest
    @ValueSource(strings = {"rk_live_4fTq9ZyXbQ2LmN8pR3sV6wK1hJ0cD7eA5gU2iO9yT3x", "RK_TEST_4fTq9ZyXbQ2L",
        "req-rk_test_4fTq9ZyXbQ2L", "whsec_MfKQ9r8GKYqIQ9r8GKYq", "eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJ4In0.c2lnbmF0dXJl",
        "eyJhbGciOiJIUzI1NiJ9", "eyJ0eXAiOiJKV1QifQ.e30.", "svc.eyJhbGciOiJIUzI1NiJ9.c2ln"})
    void givenCredentialShapedId_whenAccepted_thenAFreshIdInstead(String incoming) {
        String id = RequestIds.acceptOrCreate(incoming);

        assertThat(id).isNotEqualTo(incoming);
        assertThat(UUID.fromString(id)).isNotNull();
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "has space", "line\nbreak"})
    void givenInsaneId_whenAccepted_thenAFreshIdInstead(String incoming) {
        assertThat(UUID.fromString(RequestIds.acceptOrCreate(incoming))).isNotNull();
    }
}
