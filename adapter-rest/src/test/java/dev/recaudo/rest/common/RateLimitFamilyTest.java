package dev.recaudo.rest.common;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** A 429 is counted under the family of the path it answered, finer than the envelope's family. */
class RateLimitFamilyTest {

    @Test
    void givenThePathsThatRefuseForARate_whenClassified_thenEachHasItsFamily() {
        assertThat(RateLimitFamily.forPath("/v1/invoices/123")).isEqualTo(RateLimitFamily.PUBLIC_INVOICES);
        assertThat(RateLimitFamily.forPath("/v1/whatsapp/events")).isEqualTo(RateLimitFamily.WHATSAPP_EVENTS);
        assertThat(RateLimitFamily.forPath("/sandbox/checkouts/1/complete")).isEqualTo(RateLimitFamily.SANDBOX);
        assertThat(RateLimitFamily.forPath("/integrations/v1/c/verified-payments")).isEqualTo(RateLimitFamily.INTEGRATIONS);
        assertThat(RateLimitFamily.forPath("/external/payments")).isEqualTo(RateLimitFamily.EXTERNAL_PAYMENTS);
        assertThat(RateLimitFamily.forPath("/checkout/products")).isEqualTo(RateLimitFamily.CHECKOUT);
        assertThat(RateLimitFamily.forPath("/auth/token")).isEqualTo(RateLimitFamily.ADMIN_LOGIN);
        assertThat(RateLimitFamily.forPath("/companies/1/api-keys")).isEqualTo(RateLimitFamily.OTHER);
    }

    @Test
    void givenEveryFamily_whenNamedForTheMetric_thenNamesAreDistinctLowerCaseWords() {
        assertThat(java.util.Arrays.stream(RateLimitFamily.values()).map(RateLimitFamily::metricName))
                .doesNotHaveDuplicates().allMatch(name -> name.matches("[a-z_]+"));
    }
}
