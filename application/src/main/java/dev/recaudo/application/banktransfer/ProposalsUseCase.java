package dev.recaudo.application.banktransfer;

import dev.recaudo.domain.banktransfer.Proposal;
import dev.recaudo.domain.company.CompanyId;
import java.util.List;
import java.util.UUID;

/** Inbound port of company administrators: the open reconciliation proposals, each decided once. */
public interface ProposalsUseCase {

    int LISTED_MAX = 100;

    List<Proposal> open(CompanyId companyId);

    Decision confirm(CompanyId companyId, UUID proposalId);

    Decision dismiss(CompanyId companyId, UUID proposalId);

    sealed interface Decision {
        record Decided(String status) implements Decision {}

        record NotFound() implements Decision {}

        /** Confirmed or dismissed before: a proposal is decided once. */
        record AlreadyDecided(String status) implements Decision {}

        /** The confirmation cannot pay the checkout, and why (another currency, another amount, no longer pending). */
        record Refused(String reason) implements Decision {}
    }
}
