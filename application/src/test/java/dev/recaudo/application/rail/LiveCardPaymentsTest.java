package dev.recaudo.application.rail;

import static dev.recaudo.application.fixtures.Amounts.usd;
import static dev.recaudo.application.fixtures.DocumentFixture.document;
import static org.assertj.core.api.Assertions.assertThat;

import dev.recaudo.application.externalpayment.DirectChargeService;
import dev.recaudo.application.externalpayment.DirectChargeUseCase.ChargeOutcome;
import dev.recaudo.application.externalpayment.ExternalPaymentView;
import dev.recaudo.application.externalpayment.ExternalPaymentsService;
import dev.recaudo.application.externalpayment.ExternalPaymentsUseCase.CreatePayment;
import dev.recaudo.application.externalpayment.ExternalPaymentsUseCase.CreateResult;
import dev.recaudo.application.externalpayment.ExternalPaymentsUseCase.Rejection;
import dev.recaudo.application.externalpayment.PaymentProcessor;
import dev.recaudo.application.externalpayment.PaymentProcessor.ChargeAnswer;
import dev.recaudo.application.externalpayment.PaymentProcessor.Decision;
import dev.recaudo.application.fakes.FakeCardRail;
import dev.recaudo.application.fakes.InMemoryBooks;
import dev.recaudo.application.fakes.InMemoryCardCredentialsBook;
import dev.recaudo.domain.apikey.KeyEnvironment;
import dev.recaudo.domain.common.TenantScope;
import dev.recaudo.domain.company.CompanyId;
import dev.recaudo.domain.document.DocumentId;
import dev.recaudo.domain.externalpayment.ExternalPayment;
import dev.recaudo.domain.externalpayment.ExternalPaymentMode;
import dev.recaudo.domain.externalpayment.ExternalPaymentStatus;
import dev.recaudo.domain.money.CurrencyCode;
import dev.recaudo.domain.money.Money;
import java.time.Duration;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Live external payments through a company's card rail: what is refused before anything is recorded
 * (no rail: 503 naming the route; a currency no rail of the company serves; a missing or card-number
 * payment method), and what a direct charge carries and keeps (payment method, return URL, reference,
 * next action), on the in-memory books with a hand-made rail.
 */
class LiveCardPaymentsTest {

    private static final CompanyId COMPANY = CompanyId.random();
    private static final TenantScope LIVE = new TenantScope(COMPANY, KeyEnvironment.LIVE);
    private static final TenantScope TEST = new TenantScope(COMPANY, KeyEnvironment.TEST);
    private static final CardCredentials CREDENTIALS = new CardCredentials("sk_live_abcdefgh", "whsec_abcdefgh");

    private final InMemoryBooks books = new InMemoryBooks();
    private final FakeCardRail stripe = new FakeCardRail("stripe", Set.of(CurrencyCode.MXN, CurrencyCode.USD));
    private final FakeCardRail other = new FakeCardRail("otherrail", Set.of(CurrencyCode.CRC));
    private final CardPaymentsWiring wiring = new CardPaymentsWiring(books, stripe, other);
    private final InMemoryCardCredentialsBook credentials = wiring.credentials;
    private final ExternalPaymentsService payments = wiring.payments;
    private final DirectChargeService charges = wiring.charges;

    @AfterEach
    void booksBalance() {
        books.assertBalanced();
    }

    /** A direct payment of 5000 minor units; in USD, of an invoice of that amount (so the books say where it went). */
    private CreateResult create(TenantScope scope, CurrencyCode currency, Optional<String> paymentMethod) {
        Optional<DocumentId> invoice = currency == CurrencyCode.USD
                ? Optional.of(books.givenIssued(document(scope).withExternalId("INV-" + UUID.randomUUID()).withTotal(usd(5_000)).build()).id()) : Optional.empty();
        return payments.create(new CreatePayment(scope, "erp", Optional.empty(), UUID.randomUUID(), ExternalPaymentMode.DIRECT,
                Money.of(5_000, currency), invoice, Optional.empty(), Optional.empty(), Optional.empty(),
                Optional.of("https://shop.example/back"), paymentMethod));
    }

    private ExternalPayment created(CreateResult result) {
        assertThat(result).isInstanceOf(CreateResult.Created.class);
        return ((CreateResult.Created) result).view().payment();
    }

    private ExternalPaymentView charged(ExternalPayment pending) {
        ChargeOutcome outcome = charges.charge(pending.scope(), pending.partner(), pending.id());
        return charges.record(pending.scope(), pending.partner(), pending.id(), outcome);
    }

    @Test
    void aLivePaymentOfACompanyWithNoRailIsRefusedNamingTheRouteThatConfiguresOne() {
        CreateResult result = create(LIVE, CurrencyCode.USD, Optional.of("pm_card_visa"));

        assertThat(result).isInstanceOf(CreateResult.ProcessorUnavailable.class);
        assertThat(((CreateResult.ProcessorUnavailable) result).message())
                .contains("PUT /companies/{companyId}/payment-rails/stripe");
        assertThat(books.externalPayments().writes()).as("nothing recorded").isZero();
    }

    @Test
    void aCurrencyNoConfiguredRailServesIsRefusedNamingWhatTheRailsServeAndWhichCould() {
        credentials.put(COMPANY, "stripe", CREDENTIALS, books.clock().instant());

        CreateResult colones = create(LIVE, CurrencyCode.CRC, Optional.of("pm_card_visa"));
        CreateResult bolivares = create(LIVE, CurrencyCode.VES, Optional.of("pm_card_visa"));

        assertThat(colones).isEqualTo(new CreateResult.Rejected(Rejection.CURRENCY_NOT_SERVED,
                "no payment rail of this company takes CRC (stripe serves MXN, USD); otherrail could, once configured"));
        assertThat(((CreateResult.Rejected) bolivares).detail())
                .isEqualTo("no payment rail of this company takes VES (stripe serves MXN, USD); no rail of this service takes it");
        assertThat(books.externalPayments().writes()).as("nothing recorded").isZero();
    }

    @Test
    void aLiveDirectPaymentNeedsAPaymentMethodTokenAndNeverTakesACardNumber() {
        credentials.put(COMPANY, "stripe", CREDENTIALS, books.clock().instant());

        assertThat(create(LIVE, CurrencyCode.USD, Optional.empty())).isInstanceOf(CreateResult.Rejected.class)
                .extracting(result -> ((CreateResult.Rejected) result).rejection()).isEqualTo(Rejection.PAYMENT_METHOD_REFUSED);
        assertThat(((CreateResult.Rejected) create(LIVE, CurrencyCode.USD, Optional.of("4242 4242 4242 4242"))).detail())
                .contains("never a card number");
        assertThat(create(LIVE, CurrencyCode.USD, Optional.of("pm_4111111111111"))).isInstanceOf(CreateResult.Rejected.class);
        assertThat(books.externalPayments().writes()).as("nothing recorded").isZero();
    }

    @Test
    void aTestKeyNeedsNoPaymentMethodAndSendsNoneToTheSandbox() {
        ExternalPayment withToken = created(create(TEST, CurrencyCode.USD, Optional.of("pm_ignored")));

        assertThat(charged(withToken).payment().status()).isEqualTo(ExternalPaymentStatus.COMPLETED);
        assertThat(books.externalPayments().chargeTrail(TEST, withToken.id()).orElseThrow().paymentMethod()).isEmpty();
        assertThat(create(TEST, CurrencyCode.MXN, Optional.empty())).as("no token needed").isInstanceOf(CreateResult.Created.class);
        assertThat(stripe.charges()).isEmpty();
    }

    @Test
    void theChargeCarriesTheKeptPaymentMethodAndReturnUrlUnderTheCompanysCredentialsAndKeepsTheReference() {
        credentials.put(COMPANY, "stripe", CREDENTIALS, books.clock().instant());
        stripe.answerCharges(request -> new ChargeAnswer(Decision.APPROVED, Optional.of("pi_123"), Optional.empty()));
        ExternalPayment pending = created(create(LIVE, CurrencyCode.USD, Optional.of(" pm_card_visa ")));

        ExternalPaymentView view = charged(pending);

        assertThat(view.payment().status()).isEqualTo(ExternalPaymentStatus.COMPLETED);
        PaymentProcessor.ChargeRequest sent = stripe.charges().get(0);
        assertThat(sent.paymentMethod()).contains("pm_card_visa");
        assertThat(sent.returnUrl()).contains("https://shop.example/back");
        assertThat(sent.processorKey()).isEqualTo("recaudo-charge-" + pending.id());
        assertThat(stripe.connections()).containsOnly(CREDENTIALS);
        assertThat(books.externalPayments().findByChargeReference(LIVE, "pi_123")).map(ExternalPayment::id).contains(pending.id());
    }

    @Test
    void aChargeThatRequiresActionStaysPendingAndShowsWhereThePayerGoes() {
        credentials.put(COMPANY, "stripe", CREDENTIALS, books.clock().instant());
        stripe.answerCharges(request -> new ChargeAnswer(Decision.PENDING, Optional.of("pi_3ds"),
                Optional.of("https://hooks.stripe.com/3d_secure/abc")));
        ExternalPayment pending = created(create(LIVE, CurrencyCode.USD, Optional.of("pm_card_threeDSecure2Required")));

        ExternalPaymentView view = charged(pending);

        assertThat(view.payment().isPending()).isTrue();
        assertThat(charges.nextActionUrl(LIVE, pending.id())).contains("https://hooks.stripe.com/3d_secure/abc");
    }

    @Test
    void aLivePaymentLeftPendingIsCompletedByTheRecoveryWhenItsWebhookNeverCame() {
        credentials.put(COMPANY, "stripe", CREDENTIALS, books.clock().instant());
        stripe.answerCharges(request -> {
            throw new PaymentProcessor.AnswerLost("read timed out");
        });
        ExternalPayment pending = created(create(LIVE, CurrencyCode.USD, Optional.of("pm_card_visa")));
        assertThat(charged(pending).payment().isPending()).isTrue();
        stripe.findCharges(PaymentProcessor.Finding.APPROVED);

        books.clock().advance(Duration.ofMinutes(3));
        int asked = charges.recoverUnknownCharges(KeyEnvironment.LIVE);

        assertThat(asked).isEqualTo(1);
        assertThat(books.externalPayments().findOfCompany(LIVE, pending.id()).orElseThrow().status())
                .isEqualTo(ExternalPaymentStatus.COMPLETED);
    }
}
