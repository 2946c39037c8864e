package dev.recaudo.application.banktransfer;

import dev.recaudo.domain.banktransfer.Proposal;
import dev.recaudo.domain.company.CompanyId;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/**
 * Inbound port of the company's administrators and clerks: the open reconciliation proposals, each
 * decided once, a large credit by two people ({@link dev.recaudo.domain.banktransfer.SecondConfirmations}).
 * {@code by} is the person deciding, as the audit trail names them.
 */
public interface ProposalsUseCase {

    int LISTED_MAX = 100;

    List<Proposal> open(CompanyId companyId);

    Decision confirm(CompanyId companyId, UUID proposalId, UUID by);

    Decision dismiss(CompanyId companyId, UUID proposalId);

    sealed interface Decision {
        /** {@code outcome}, for a confirmation: {@code paid} (the invoice) or {@code credited} (the customer's credit). */
        record Decided(String status, Optional<String> outcome) implements Decision {
            public Decided(String status) {
                this(status, Optional.empty());
            }
        }

        record NotFound() implements Decision {}

        /** The first of two confirmations is recorded; another person's confirmation applies the money. */
        record AwaitingSecondPerson() implements Decision {}

        /** Confirmed or dismissed before: a proposal is decided once. */
        record AlreadyDecided(String status) implements Decision {}

        /**
         * The confirmation cannot pay the checkout, and why (another currency, another amount, no longer
         * pending, the entry already applied, the same person confirming twice).
         */
        record Refused(String reason) implements Decision {}
    }
}
