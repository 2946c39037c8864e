package dev.recaudo.application.rail;

import dev.recaudo.application.externalpayment.DirectChargeService;
import dev.recaudo.application.externalpayment.ExternalPaymentsService;
import dev.recaudo.application.externalpayment.Processors;
import dev.recaudo.application.externalpayment.SandboxProcessor;
import dev.recaudo.application.externalpayment.UntakenMoney;
import dev.recaudo.application.fakes.InMemoryBooks;
import dev.recaudo.application.fakes.InMemoryCallbacks;
import dev.recaudo.application.fakes.InMemoryCardCredentialsBook;
import dev.recaudo.application.fakes.InMemorySandboxChargeBook;
import dev.recaudo.application.fakes.InMemorySandboxRefundBook;
import dev.recaudo.domain.webhook.WebhookTargetPolicy;
import java.time.Duration;
import java.util.List;

/**
 * Live external payments on the in-memory books through the given card rails: the companies' card
 * credentials, the rails, the processors (sandbox for test keys), and the services that create and
 * charge direct payments (any callback target allowed, unknown charges asked about after two minutes).
 */
final class CardPaymentsWiring {

    final InMemoryCardCredentialsBook credentials = new InMemoryCardCredentialsBook();
    final CardRails rails;
    final Processors processors;
    final ExternalPaymentsService payments;
    final DirectChargeService charges;

    CardPaymentsWiring(InMemoryBooks books, CardRail... cardRails) {
        rails = new CardRails(List.of(cardRails), credentials);
        processors = new Processors(new SandboxProcessor(new InMemorySandboxChargeBook(), new InMemorySandboxRefundBook(),
                books.clock()), rails, processor -> processor);
        payments = new ExternalPaymentsService(books.externalPayments(), new InMemoryCallbacks(), books.documents(),
                books.payments(), books.ledger(), books.book(), url -> new WebhookTargetPolicy.TargetCheck.Allowed(),
                processors, books.transactions(), books.metrics(), books.clock());
        charges = new DirectChargeService(books.externalPayments(), new InMemoryCallbacks(), books.documents(),
                books.payments(), books.ledger(), books.book(), processors, books.transactions(), books.metrics(),
                books.clock(), Duration.ofMinutes(2), UntakenMoney.KEPT_AS_CREDIT);
    }
}
