package dev.recaudo.rest.integration;

import dev.recaudo.application.apikey.ApiKeyAuthenticationUseCase.KeyPrincipal;
import dev.recaudo.application.integration.VerifiedPaymentsUseCase.ApplyResult;
import dev.recaudo.application.integration.VerifiedPaymentsUseCase.PaymentView;
import dev.recaudo.application.integration.VerifiedPaymentsUseCase;
import dev.recaudo.domain.common.StoreUnavailable;
import dev.recaudo.domain.common.UnstorableValue;
import dev.recaudo.domain.metrics.OperationalMetrics;
import dev.recaudo.domain.metrics.PaymentCount;
import dev.recaudo.domain.metrics.PaymentFamily;
import dev.recaudo.domain.payment.PaymentOutcome;
import dev.recaudo.rest.common.ApiProblem;
import dev.recaudo.rest.common.Caller;
import dev.recaudo.rest.common.ClientText;
import dev.recaudo.rest.common.IdempotentWrites;
import dev.recaudo.rest.common.LoggedFailure;
import dev.recaudo.rest.common.Problem;
import io.quarkus.runtime.annotations.RegisterForReflection;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.core.Response;
import java.sql.SQLException;
import java.util.function.Supplier;
import org.jboss.logging.Logger;

/**
 * How the payment writes of the integrations API answer: the outcome of an application, a replay
 * of one already processed, and a {@code failed} payment when an application could not finish.
 */
@ApplicationScoped
class PaymentAnswers {

    private static final Logger LOG = Logger.getLogger(PaymentAnswers.class);

    @Inject
    VerifiedPaymentsUseCase payments;

    @Inject
    Caller caller;

    @Inject
    OperationalMetrics metrics;

    /**
     * The reply of an application, with its outcome for the audit trail. Run inside the unit of work,
     * which may be run again: it leaves nothing in {@link Caller}.
     */
    IdempotentWrites.Reply answer(ApplyResult result, String requestId) {
        if (result instanceof ApplyResult.Processed processed) {
            String status = processed.view().payment().outcome().wireName();
            return IdempotentWrites.Reply.audited(200, IntegrationViews.payment(processed.view(), status, requestId), status, null);
        }
        if (result instanceof ApplyResult.AlreadyProcessed already) {
            return IdempotentWrites.Reply.audited(200, IntegrationViews.payment(already.view(),
                    PaymentOutcome.ALREADY_PROCESSED.wireName(), requestId), PaymentOutcome.ALREADY_PROCESSED.wireName(),
                    "original request " + already.view().payment().requestId().orElse("?"));
        }
        if (result instanceof ApplyResult.NoOpenDocuments none) {
            return IdempotentWrites.Reply.audited(200, IntegrationViews.payment(none.view(),
                    PaymentOutcome.NO_OPEN_DOCUMENTS.wireName(), requestId), PaymentOutcome.NO_OPEN_DOCUMENTS.wireName(), null);
        }
        throw PaymentRejections.problem((ApplyResult.Rejected) result);
    }

    Response alreadyProcessed(KeyPrincipal key, String source, String externalPaymentId, String requestId) {
        PaymentView view = payments.get(key.scope(), source, externalPaymentId)
                .orElseThrow(() -> new ApiProblem(Problem.NOT_FOUND, "No payment with this externalPaymentId"));
        caller.outcome(PaymentOutcome.ALREADY_PROCESSED.wireName(), "replayed by Idempotency-Key");
        return Response.ok(IntegrationViews.payment(view, PaymentOutcome.ALREADY_PROCESSED.wireName(), requestId)).build();
    }

    /**
     * An application that could not finish (the database refused it, a lock could not be had) is
     * answered {@code 500} with status {@code failed} and the request id; nothing of it was kept,
     * and the audit trail has the reason under that request id. A value the database cannot store
     * is the request's mistake, answered like any other ({@code 400}); a database out of reach for
     * now is answered {@code 503} with {@code Retry-After}, as on every route. A {@code failed}
     * payment is counted in {@code family}: the use case never answered, so it could not count it.
     */
    Response guarded(PaymentFamily family, String externalPaymentId, String source, String requestId,
            Supplier<Response> work) {
        try {
            return work.get();
        } catch (ApiProblem | UnstorableValue | StoreUnavailable answered) {
            throw answered;
        } catch (RuntimeException failure) {
            LOG.errorf(LoggedFailure.of(failure), "payment %s of %s failed", ClientText.forLog(externalPaymentId),
                    ClientText.forLog(source));
            caller.outcome(PaymentOutcome.FAILED.wireName(), "the application did not finish (" + kindOf(failure)
                    + "); nothing was kept; details are in the service log under this request id");
            metrics.payment(PaymentCount.failed(family));
            return Response.status(500).entity(new FailedPayment(source, externalPaymentId, "failed", requestId)).build();
        }
    }

    @RegisterForReflection
    public record FailedPayment(String source, String externalPaymentId, String status, String requestId) {}

    /**
     * What the partner may read about a failure: the SQLState when the database refused the write,
     * else that it was unexpected. The exception's type and message stay in the service log: they
     * name internal classes and data.
     */
    private static String kindOf(Throwable failure) {
        for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
            if (cause instanceof SQLException sql && sql.getSQLState() != null) {
                return "database refused the write, SQLState " + sql.getSQLState();
            }
        }
        return "unexpected error";
    }
}
