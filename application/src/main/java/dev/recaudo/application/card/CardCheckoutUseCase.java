package dev.recaudo.application.card;

import dev.recaudo.domain.company.CompanyId;
import dev.recaudo.domain.money.CurrencyCode;
import java.util.UUID;

/** Inbound port: the hosted page's Pay-by-card button of a live checkout. */
public interface CardCheckoutUseCase {

    sealed interface PayByCard {
        /** Off to the processor's page: the checkout's one open session. */
        record ToProcessor(String url) implements PayByCard {}

        /** The checkout is paid (a session completed while Pay looked), or takes no money: the page says which. */
        record BackToPage() implements PayByCard {}

        /** The processor could not be reached or refused: nothing was paid, the payer may try again. */
        record ProcessorUnavailable() implements PayByCard {}

        record NotFound() implements PayByCard {}
    }

    /** Whether the page of a live checkout of this company and currency offers card payment. */
    boolean offered(CompanyId company, CurrencyCode currency);

    /** Opens, or reuses, the checkout's processor session for the payer on the page {@code pageId}. */
    PayByCard pay(UUID pageId);
}
