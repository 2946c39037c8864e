package dev.recaudo.application.rail;

import static org.assertj.core.api.Assertions.assertThat;

import dev.recaudo.application.fakes.FakeCardRail;
import dev.recaudo.application.fakes.InMemoryBooks;
import dev.recaudo.application.fakes.InMemoryCardCredentialsBook;
import dev.recaudo.application.rail.PaymentRailsUseCase.PutResult;
import dev.recaudo.domain.company.CompanyId;
import dev.recaudo.domain.money.CurrencyCode;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** A company's credentials at a card rail: their shapes, the rail's name, and a rotation that replaces them at once. */
class PaymentRailsServiceTest {

    private static final CompanyId COMPANY = CompanyId.random();

    private final InMemoryBooks books = new InMemoryBooks();
    private final InMemoryCardCredentialsBook credentials = new InMemoryCardCredentialsBook();
    private final PaymentRailsService rails = new PaymentRailsService(
            new CardRails(List.of(new FakeCardRail("stripe", Set.of(CurrencyCode.USD))), credentials), credentials,
            books.transactions(), books.clock());

    @Test
    void everyKindOfKeyAndAWebhookSecretAreTakenAndARotationReplacesThemAtOnce() {
        for (String key : List.of("sk_live_abcdEFGH1234", "rk_live_abcdEFGH1234")) {
            assertThat(rails.put(COMPANY, "stripe", key, "whsec_abc+/=12345")).isInstanceOf(PutResult.Saved.class);
            assertThat(credentials.of(COMPANY, "stripe")).contains(new CardCredentials(key, "whsec_abc+/=12345"));
        }
        books.clock().advance(Duration.ofMinutes(1));
        PutResult rotated = rails.put(COMPANY, "stripe", "sk_live_rotated123", "whsec_rotated123");

        assertThat(rails.configuredAt(COMPANY, "stripe")).contains(((PutResult.Saved) rotated).updatedAt());
        assertThat(credentials.of(COMPANY, "stripe").orElseThrow().secretKey()).isEqualTo("sk_live_rotated123");
    }

    @Test
    void malformedValuesAreRefusedPerFieldAndNothingIsStored() {
        PutResult result = rails.put(COMPANY, "stripe", "pk_live_abcdefgh", "secret");
        PutResult tooLong = rails.put(COMPANY, "stripe", "sk_live_" + "a".repeat(241), "whsec_abcdefgh");
        PutResult missing = rails.put(COMPANY, "stripe", null, null);

        assertThat(((PutResult.Invalid) result).errors()).containsOnlyKeys("secretKey", "webhookSecret");
        assertThat(((PutResult.Invalid) tooLong).errors()).containsOnlyKeys("secretKey");
        assertThat(((PutResult.Invalid) missing).errors()).containsOnlyKeys("secretKey", "webhookSecret");
        assertThat(rails.configuredAt(COMPANY, "stripe")).isEmpty();
    }

    @Test
    void aTestModeKeyIsRefusedForLiveCollection() {
        for (String key : List.of("sk_test_abcdEFGH1234", "rk_test_abcdEFGH1234")) {
            PutResult result = rails.put(COMPANY, "stripe", key, "whsec_abcdefgh");

            assertThat(((PutResult.Invalid) result).errors()).containsOnlyKeys("secretKey");
        }
        assertThat(rails.configuredAt(COMPANY, "stripe")).isEmpty();
    }

    @Test
    void aRailTheServiceHasNoAdapterForIsUnknown() {
        assertThat(rails.put(COMPANY, "paypal", "sk_live_abcdefgh", "whsec_abcdefgh")).isInstanceOf(PutResult.UnknownRail.class);
        assertThat(rails.known("paypal")).isFalse();
    }
}
