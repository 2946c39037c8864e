package dev.recaudo.rest.common;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class AccessLogQueryTest {

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(delimiter = '|', value = {
        "api_key=SECRET&page=2                 | api_key=***&page=2",
        "page=2&limit=5&search=ana             | page=2&limit=5&search=ana",
        "hub.mode=subscribe&hub.verify_token=x | hub.mode=subscribe&hub.verify_token=***",
        "token=a&access_token=b&signature=c    | token=***&access_token=***&signature=***",
        "Client_Secret=a&PASSWORD=b&key=c      | Client_Secret=***&PASSWORD=***&key=***",
        "api%5Fkey=a&X-Api-Key=b               | api%5Fkey=***&X-Api-Key=***",
        "note=rk_live_abc&cursor=c1            | note=***&cursor=c1",
        "rk_test_bare&page=1                   | ***&page=1",
        "whsec_abc                             | ***",
        "flag&page=                            | flag&page=",
        "bad%zzescape=1&password%=2            | bad%zzescape=1&password%=***",
    })
    void givenQuery_whenRedacted_thenCredentialValuesMaskedAndTheRestKept(String query, String logged) {
        assertThat(AccessLogQuery.redact(query)).isEqualTo(logged);
    }

    @Test
    void givenNoQuery_whenRedacted_thenEmpty() {
        assertThat(AccessLogQuery.redact(null)).isEmpty();
        assertThat(AccessLogQuery.redact("")).isEmpty();
    }
}
