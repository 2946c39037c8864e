package dev.recaudo.rest.common;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class ClientTextTest {

    @ParameterizedTest
    @ValueSource(strings = {"Inv a\u0000b", "\u0000", "tail\u0000"})
    void givenTextWithNul_whenChecked_thenUnstorable(String text) {
        assertThat(ClientText.unstorable(text)).hasValueSatisfying(rule -> assertThat(rule).contains("NUL"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"SUR\ud800", "\udc00x", "a\udc00\ud800b", "\ud800\ud800\udc00"})
    void givenTextWithALoneSurrogate_whenChecked_thenUnstorable(String text) {
        assertThat(ClientText.unstorable(text)).hasValueSatisfying(rule -> assertThat(rule).contains("surrogate"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "Factura 0001", "línea\ttab\r\nnext", "emoji \ud83d\ude00 ok", "\ud83d\ude00", "SUR?"})
    void givenTextPostgresqlKeepsAsSent_whenChecked_thenStorable(String text) {
        assertThat(ClientText.unstorable(text)).isEmpty();
    }

    @Test
    void givenControlCharacters_whenClassified_thenC0AndDelOnly() {
        assertThat(ClientText.isControl(0x00)).isTrue();
        assertThat(ClientText.isControl(0x0A)).isTrue();
        assertThat(ClientText.isControl(0x1F)).isTrue();
        assertThat(ClientText.isControl(0x7F)).isTrue();
        assertThat(ClientText.isControl(' ')).isFalse();
        assertThat(ClientText.isControl('~')).isFalse();
        assertThat(ClientText.isControl(0x85)).isFalse();
    }

    @Test
    void givenTextThatCouldForgeALogLine_whenWrittenForTheLog_thenOneLineWithEveryBreakEscaped() {
        String forged = "P-1\r\n2026-11-23 18:05:57,649 INFO  [io.qua.htt.access-log] fake";
        assertThat(ClientText.forLog(forged))
                .isEqualTo("P-1\\u000d\\u000a2026-11-23 18:05:57,649 INFO  [io.qua.htt.access-log] fake");
        assertThat(ClientText.forLog("a\u0000b\tc\u007fd\u0085e\u2028f\u2029g")).isEqualTo(
                "a\\u0000b\\u0009c\\u007fd\\u0085e\\u2028f\\u2029g");
        assertThat(ClientText.forLog("literal \\u000a stays text")).isEqualTo("literal \\\\u000a stays text");
        assertThat(ClientText.forLog("/integrations/v1/acme/payments/P-1 ñ")).isEqualTo("/integrations/v1/acme/payments/P-1 ñ");
        assertThat(ClientText.forLog(null)).isEqualTo("null");
    }

    /** Issue 21, item 3: an error line quoting client text never quotes a credential in it. */
    @Test
    void givenTextHoldingKeysTokensOrSecrets_whenWrittenForTheLog_thenEachIsMaskedAndTheRestKept() {
        assertThat(ClientText.forLog("/v1/invoices/rk_test_4fTq9ZyXbQ2LmN8pR3sV6wK1hJ0cD7eA5gU2iO9yT3x/x"))
                .isEqualTo("/v1/invoices/***/x");
        assertThat(ClientText.forLog("payment RK_LIVE_abc-def of erp failed")).isEqualTo("payment *** of erp failed");
        assertThat(ClientText.forLog("sku eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJ4In0.c2ln, again"))
                .isEqualTo("sku ***, again");
        assertThat(ClientText.forLog("secret whsec_MfKQ9r8+GKY/qI= rotated")).isEqualTo("secret *** rotated");
        assertThat(ClientText.forLog("heyJude keeps rk_tes and whsec")).isEqualTo("heyJude keeps rk_tes and whsec");
    }

    /**
     * Issue 21 review, second round: an error line may quote a path still percent-encoded, so a key
     * whose prefix or body holds an escape is masked whole.
     */
    @Test
    void givenPercentEncodedKeys_whenWrittenForTheLog_thenEachIsMaskedWhole() {
        assertThat(ClientText.forLog("GET /v1/invoices/rk%5Flive_4fTq9ZyXbQ failed")).isEqualTo("GET /v1/invoices/*** failed");
        assertThat(ClientText.forLog("id rk_live_4fT%71ZyXbQ2 unknown")).isEqualTo("id *** unknown");
        assertThat(ClientText.forLog("id rk%5ftest%5F4fT%2dq9/x")).isEqualTo("id ***/x");
        assertThat(ClientText.forLog("WHSEC%5FMfK%2Bq9= rotated")).isEqualTo("*** rotated");
        assertThat(ClientText.forLog("sku eyJhbGci%4FiJ9.e30.c2ln, again")).isEqualTo("sku ***, again");
        assertThat(ClientText.forLog("100%5F rk%5Ftes")).isEqualTo("100%5F rk%5Ftes");
    }
}
