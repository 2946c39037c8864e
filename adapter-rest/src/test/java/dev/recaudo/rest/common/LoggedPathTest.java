package dev.recaudo.rest.common;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** What the access log and error lines write of a request path. */
class LoggedPathTest {

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(delimiter = '|', value = {
        "/pay/0f8fad5b-d9cb-11d9-8e3c-000000000001        | /pay/***",
        "/pay/0f8fad5b-d9cb-11d9-8e3c-000000000001/       | /pay/***",
        "/pay/0f8fad5b-d9cb-11d9-8e3c-000000000001/x      | /pay/***",
        "/pay//0f8fad5b-d9cb-11d9-8e3c-000000000001       | /pay/***",
        "/p%61y/0f8fad5b-d9cb-11d9-8e3c-000000000001      | /pay/***",
        "/PAY%2F0f8fad5b-d9cb-11d9-8e3c-000000000001      | /pay/***",
        "/api/pay/0f8fad5b-d9cb-11d9-8e3c-000000000001    | /api/pay/***",
        "/pay/0f8fad5b%0A-d9cb-11d9-8e3c-000000000001     | /pay/***",
        "/pay                                             | /pay/***",
        "/payments/0f8fad5b-d9cb-11d9-8e3c-000000000001   | /payments/0f8fad5b-d9cb-11d9-8e3c-000000000001",
        "/v1/invoices/a%20b                               | /v1/invoices/a%20b",
    })
    void givenPath_whenLogged_thenAHostedPagesCheckoutIdNeverShows(String path, String logged) {
        assertThat(LoggedPath.of(path)).isEqualTo(logged);
    }

    /** Issue 21, item 3: a key, a token or a webhook secret used as an id is masked like a query value. */
    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(delimiter = '|', value = {
        "/v1/invoices/rk_test_4fTq9ZyXbQ2LmN8pR3sV6wK1hJ0cD7eA5gU2iO9yT3x        | /v1/invoices/***",
        "/v1/invoices/rk_live_4fTq9ZyXbQ2LmN8pR3sV6wK1hJ0cD7eA5gU2iO9yT3x/x      | /v1/invoices/***/x",
        "/v1/invoices/RK_LIVE_4fTq9ZyXbQ2LmN8pR3sV6wK1hJ0cD7eA5gU2iO9yT3x        | /v1/invoices/***",
        "/v1/invoices/rk%5Ftest_4fTq9ZyXbQ2LmN8pR3sV6wK1hJ0cD7eA5gU2iO9yT3x      | /v1/invoices/***",
        "/v1/invoices/key-rk_test_4fTq9ZyXbQ2L                                   | /v1/invoices/***",
        "/companies/c/webhook-endpoints/whsec_MfKQ9r8GKYqIQ9r8GKYqIQ9r8GKY%2Bq=  | /companies/c/webhook-endpoints/***",
        "/checkout/products/eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJ4In0.c2lnbmF0dXJl    | /checkout/products/***",
        "/checkout/products/%65yJhbGciOiJSUzI1NiJ9                              | /checkout/products/***",
        "/checkout/products/aGVhZGVy.cGF5bG9hZA.c2lnbmF0dXJl                    | /checkout/products/***",
        "/integrations/v1/c/customers/ana@example.test                           | /integrations/v1/c/customers/ana@example.test",
        "/integrations/v1/c/collection-documents/F-2024.17                       | /integrations/v1/c/collection-documents/F-2024.17",
        "/v1/invoices/0f8fad5b-d9cb-11d9-8e3c-000000000001                       | /v1/invoices/0f8fad5b-d9cb-11d9-8e3c-000000000001",
        "/x/heyJude/rk_tes                                                       | /x/heyJude/rk_tes",
        "/                                                                       | /",
    })
    void givenSecretShapedSegment_whenLogged_thenThatSegmentIsMaskedAndTheRestKept(String path, String logged) {
        assertThat(LoggedPath.of(path)).isEqualTo(logged);
    }

    /**
     * Review F11: a webhook secret is standard base64, so a {@code /} inside it splits it over
     * segments; none of it shows. Keys (base62) and tokens (base64url: {@code .}, {@code -}, {@code _})
     * stay within their segment.
     */
    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(delimiter = '|', value = {
        "/companies/c/webhook-endpoints/whsec_MfKQ9r8G/KYqIQ9r8GKYq+IQ9r8GKY=      | /companies/c/webhook-endpoints/***",
        "/companies/c/webhook-endpoints/whsec_Mf/KQ/9r8GKYq/rotate                 | /companies/c/webhook-endpoints/***",
        "/x/WHSEC_a%2Fb/c%2Bd%3D                                                  | /x/***",
        "/whsec_a/b                                                               | /***",
        "/checkout/products/eyJhbGci-_OiJ9.eyJz_dWIi-OiJ4In0.c2ln-bmF0_dXJl/price  | /checkout/products/***/price",
        "/checkout/products/aGVh-ZGVy.cGF5_bG9hZA.c2lnbm-F0dXJl_                   | /checkout/products/***",
        "/v1/invoices/rk_live_4fTq9ZyXbQ2LmN8pR3sV6wK1hJ0cD7eA5gU2iO9yT3x/cancel   | /v1/invoices/***/cancel",
    })
    void givenSecretWithBase64Characters_whenLogged_thenNoneOfItShows(String path, String logged) {
        assertThat(LoggedPath.of(path)).isEqualTo(logged);
        assertThat(ClientText.forLog(LoggedPath.of(path))).isEqualTo(logged);
    }

    /**
     * Issue 21 review, second round: a malformed escape does not stop the rest of the path from being
     * decoded, so an encoded key prefix next to it is still recognized.
     */
    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(delimiter = '|', value = {
        "/v1/invoices/rk%5Flive_4fTq9ZyXbQ2LmN8pR3sV6wK1hJ0cD7eA5gU2iO9yT3x%zz     | /v1/invoices/***",
        "/v1/invoices/rk%5ftest_4fTq9ZyXbQ2L%/cancel                              | /v1/invoices/***/cancel",
        "/x/wh%73ec_a%zz/b                                                        | /x/***",
        "/p%61y%zz/0f8fad5b-d9cb-11d9-8e3c-000000000001                           | /p%61y%zz/0f8fad5b-d9cb-11d9-8e3c-000000000001",
        "/p%61y/0f8fad5b%zz                                                       | /pay/***",
        "/v1/invoices/a%zzb%20c                                                   | /v1/invoices/a%zzb%20c",
    })
    void givenMalformedEscape_whenLogged_thenTheValidEscapesAroundItAreStillDecodedForTheChecks(String path, String logged) {
        assertThat(LoggedPath.of(path)).isEqualTo(logged);
    }
}
