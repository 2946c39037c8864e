package dev.recaudo.rest.common;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** Which part of a request target the edge refuses for a control character. */
class HttpEdgeTest {

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(delimiter = '|', value = {
        "/integrations/v1/c/collection-documents/a%00b             | path",
        "/integrations/v1/c/collection-documents/a%00b/cancel      | path",
        "/integrations/v1/c/payments/a%0d%0ab?source=x             | path",
        "/v1/invoices/%7F                                          | path",
        "/v1/invoices/%1f                                          | path",
        "/integrations/v1/c/collection-documents?externalDocumentId=a%00b | externalDocumentId",
        "/integrations/v1/c/customers?limit=5&search=%00           | search",
        "/integrations/v1/c/customers?search=ok&filter%5Bx%5D=%0A  | filter[x]",
        "/v1/invoices?a%00=1                                       | query",
        "/v1/invoices?%09                                          | query",
    })
    void givenTargetThatDecodesToAControlCharacter_whenChecked_thenThePartIsNamed(String target, String part) {
        assertThat(HttpEdge.partWithControlCharacter(target)).hasValue(part);
    }

    @ParameterizedTest
    @ValueSource(strings = {"/v1/invoices", "/v1/invoices?page=2&sort=-created_at", "/x/a%20b?search=%C3%B1+x",
        "/x/%2500?y=%25%30%30", "/x/%C0%80", "/x/%E2%80%A8", "/x/%", "/x/%0", "/x?y=%zz", "/x?&&=", "/x/%80%9f"})
    void givenTargetWithoutControlCharacters_whenChecked_thenNothingIsRefused(String target) {
        assertThat(HttpEdge.partWithControlCharacter(target)).isEmpty();
    }

    @ParameterizedTest
    @ValueSource(strings = {"/v1/%2e%2e/q/metrics", "/v1/.%2e/q/metrics", "/api/../q/metrics", "/a/./b", "/a/%2E/b",
        "/integrations/v1/c/customers;x=1", "/integrations/v1/c/collection-documents/D5;v=2/cancel", "/x/..?y=1"})
    void givenPathWithDotSegmentsOrMatrixParameters_whenChecked_thenNotPlain(String target) {
        assertThat(HttpEdge.isPlainPath(target)).isFalse();
    }

    @ParameterizedTest
    @ValueSource(strings = {"/v1/invoices", "/x/a.b/c", "/x/...", "/x/.hidden", "/x?y=..&z=a;b", "/x/%2e%2e%2e", "/"})
    void givenPathThatMeansWhatItSpells_whenChecked_thenPlain(String target) {
        assertThat(HttpEdge.isPlainPath(target)).isTrue();
    }
}
