package dev.recaudo.rest.invoice;

import dev.recaudo.application.invoice.InvoiceLifecycleUseCase.DeleteResult;
import dev.recaudo.application.invoice.InvoiceLifecycleUseCase.UpdateRejection;
import dev.recaudo.application.invoice.PublicInvoiceProjection;
import dev.recaudo.domain.document.CollectionDocument;
import dev.recaudo.domain.document.DocumentLifecycle;
import dev.recaudo.rest.common.ApiProblem;
import dev.recaudo.rest.common.Problem;
import java.util.List;
import java.util.Map;

/**
 * How the public invoice API answers what the lifecycle refuses, in one place: each refusal is a
 * {@code 409 10009} naming the area at fault ({@code payment}, {@code amount}, {@code status}, ...),
 * as the states table of the specification lists them.
 */
final class InvoiceProblems {

    private InvoiceProblems() {}

    static ApiProblem notFound() {
        return new ApiProblem(Problem.NOT_FOUND, "No such invoice");
    }

    static ApiProblem conflict(String area, String message) {
        return new ApiProblem(Problem.CONFLICT, message, Map.of(area, List.of(message)));
    }

    /** A replacement ({@code PUT}) refused; {@code current} is the invoice as it stands. */
    static ApiProblem updateRefused(UpdateRejection reason, CollectionDocument current) {
        return switch (reason) {
            case PAYMENTS_APPLIED -> conflict("payment", "Payments were applied to this invoice: it can no longer be changed");
            case SETTLED_AMOUNT_DIFFERS -> conflict("amount", "The invoice is settled: amount must stay "
                    + PublicInvoiceProjection.majorUnits(current.total()).toPlainString() + " (the settled total)");
            case TOTAL_FOLLOWS_LINES -> conflict("amount", "The invoice's total is the sum of its lines ("
                    + PublicInvoiceProjection.majorUnits(current.total()).toPlainString()
                    + "): only a new set of lines from its partner changes it");
            case STATUS_FORBIDS -> conflict("status", "The invoice is " + current.status() + " and cannot be changed");
            case PROVIDER_ID_IMMUTABLE -> conflict("provider_id", "provider_id cannot be changed after creation");
            case CURRENCY_CHANGED -> conflict("amount", "The invoice's currency cannot change");
            case VERSION_CONFLICT -> conflict("version", "The invoice changed since the version in If-Match; read it again");
            case REFERENCE_IDENTITY_CHANGED -> new ApiProblem(Problem.VALIDATION,
                    "reference may change format only, not the tax identity it names",
                    Map.of("reference", List.of("must normalize to the same tax identity as before")));
        };
    }

    /** An annulment or a settlement ({@code DELETE}) refused. */
    static ApiProblem deletionRefused(DocumentLifecycle.Rejection reason) {
        return switch (reason) {
            case MONEY_APPLIED -> conflict("payment", "Money was applied to this invoice: it cannot be annulled");
            case PAYMENTS_APPLIED -> conflict("payment", "A partial payment was applied: the invoice cannot be settled");
            default -> conflict("status", "The invoice's status does not allow this operation");
        };
    }

    /** Nothing when the deletion was done; the refusal a partner reads otherwise. */
    static void throwIfNotDone(DeleteResult result) {
        if (result instanceof DeleteResult.Done) {
            return;
        }
        if (result instanceof DeleteResult.NotFound) {
            throw notFound();
        }
        if (result instanceof DeleteResult.SettledByAnotherPayment) {
            throw conflict("provider_payment_id", "The invoice was already settled by another provider payment");
        }
        throw deletionRefused(((DeleteResult.Rejected) result).reason());
    }
}
