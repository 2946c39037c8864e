package dev.recaudo.rest.common;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class AccessLogQueryTest {

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(delimiter = '|', value = {
        "api_key=SECRET&page=2                 | api_key=***&page=2",
        "page=2&limit=5&search=ana             | page=2&limit=5&search=***",
        "hub.mode=subscribe&hub.verify_token=x | hub.mode=subscribe&hub.verify_token=***",
        "token=a&access_token=b&signature=c    | token=***&access_token=***&signature=***",
        "Client_Secret=a&PASSWORD=b&key=c      | Client_Secret=***&PASSWORD=***&key=***",
        "api%5Fkey=a&X-Api-Key=b               | api%5Fkey=***&X-Api-Key=***",
        "note=rk_live_abc&cursor=c1            | note=***&cursor=c1",
        "rk_test_bare&page=1                   | ***&page=1",
        "whsec_abc                             | ***",
        "note=whsec_a/b+c=d%2Fe%3D&page=2      | note=***&page=2",
        "whsec_a/b+c&page=2                    | ***&page=2",
        "id=eyJh-b_c.eyJ-x_y.s-i_g&page=2      | id=***&page=2",
        "flag&page=                            | flag&page=",
        "bad%zzescape=1&password%=2            | bad%zzescape=1&password%=***",
    })
    void givenQuery_whenRedacted_thenCredentialValuesMaskedAndTheRestKept(String query, String logged) {
        assertThat(AccessLogQuery.redact(query)).isEqualTo(logged);
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(delimiter = '|', value = {
        "bearer=S&page=2                                  | bearer=***&page=2",
        "jwt=S&id_token_hint=S                            | jwt=***&id_token_hint=***",
        "pass=S&PW=S&passphrase=S                         | pass=***&PW=***&passphrase=***",
        "code=S&state=abc                                 | code=***&state=abc",
        "AuthBearer=S&x-jwt-assertion=S                   | AuthBearer=***&x-jwt-assertion=***",
    })
    void givenCredentialNamesBeyondKeysAndTokens_whenRedacted_thenMasked(String query, String logged) {
        assertThat(AccessLogQuery.redact(query)).isEqualTo(logged);
    }

    /** Recaudo's admin and checkout tokens are JWTs: masked by their shape whatever the parameter is called. */
    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(delimiter = '|', value = {
        "k=eyJhbGciOiJSUzI1NiJ9.S&page=2                  | k=***&page=2",
        "k=eyJhbGciOiJSUzI1NiJ9                           | k=***",
        "q=Bearer%20eyJhbGciOiJSUzI1NiJ9.e30.c2ln         | q=***",
        "next=https%3A%2F%2Fa.test%2Fcb%3Ft%3DeyJhbGci    | next=***",
        "k=%65yJhbGciOiJSUzI1NiJ9                         | k=***",
        "k=aGVhZGVy.cGF5bG9hZA.c2lnbmF0dXJl               | k=***",
        "k=aGVhZGVy.cGF5bG9hZA.                           | k=***",
        "eyJhbGciOiJSUzI1NiJ9.e30.c2ln&page=2             | ***&page=2",
        "ip=10.0.0.1&v=1.2&greeting=heyJude               | ip=10.0.0.1&v=1.2&greeting=heyJude",
    })
    void givenValueShapedLikeAJwt_whenRedacted_thenMaskedWhateverItsName(String query, String logged) {
        assertThat(AccessLogQuery.redact(query)).isEqualTo(logged);
    }

    /** Personal data stays out of the log: by the parameter's name, or by an e-mail address in its value. */
    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(delimiter = '|', value = {
        "recipientPhone=584120000000&status=read           | recipientPhone=***&status=read",
        "limit=5&search=J-30987654-3&source=erp            | limit=5&search=***&source=erp",
        "email=a&customerEmail=b&phone_number=c            | email=***&customerEmail=***&phone_number=***",
        "taxId=J-1&reference=V-12.345.678&identityDocument=1 | taxId=***&reference=***&identityDocument=***",
        "note=cobros%40cliente.test&page=2                 | note=***&page=2",
        "cobros@cliente.test&page=2                        | ***&page=2",
        "customerExternalId=C-1&externalDocumentId=D-1     | customerExternalId=C-1&externalDocumentId=D-1",
    })
    void givenPersonalData_whenRedacted_thenMaskedAndPartnerIdsKept(String query, String logged) {
        assertThat(AccessLogQuery.redact(query)).isEqualTo(logged);
    }

    /** A semicolon ends a parameter for many servers, so it cannot hide a credential from the mask. */
    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(delimiter = '|', value = {
        "X=1;api_key=S                                    | X=1;api_key=***",
        "a=1;b=2&token=S;c=3                              | a=1;b=2&token=***;c=3",
        "page=2;rk_live_S                                 | page=2;***",
        ";;&                                              | ;;&",
    })
    void givenSemicolonSeparatedParameters_whenRedacted_thenEachJudgedAloneAndSeparatorsKept(String query, String logged) {
        assertThat(AccessLogQuery.redact(query)).isEqualTo(logged);
    }

    /** Issue 21 review, second round: one malformed escape does not hide an encoded key prefix beside it. */
    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(delimiter = '|', value = {
        "note=rk%5Ftest_4fTq9ZyXbQ2L%zz&page=2            | note=***&page=2",
        "rk%5Flive_4fTq9ZyXbQ2L%&page=2                   | ***&page=2",
        "api%5Fkey%zz=a&page=2                            | api%5Fkey%zz=***&page=2",
        "note=cobros%40cliente.test%&page=2               | note=***&page=2",
        "note=100%&page=2                                 | note=100%&page=2",
    })
    void givenMalformedEscape_whenRedacted_thenTheValidEscapesAroundItAreStillDecodedForTheChecks(String query,
            String logged) {
        assertThat(AccessLogQuery.redact(query)).isEqualTo(logged);
    }

    @Test
    void givenNoQuery_whenRedacted_thenEmpty() {
        assertThat(AccessLogQuery.redact(null)).isEmpty();
        assertThat(AccessLogQuery.redact("")).isEmpty();
    }
}
