package dev.recaudo.rest.common;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.recaudo.application.apikey.ApiKeyAuthenticationUseCase.KeyPrincipal;
import dev.recaudo.application.idempotency.IdempotentExecution;
import dev.recaudo.application.idempotency.IdempotentExecution.Outcome;
import dev.recaudo.application.idempotency.PhasedWork;
import dev.recaudo.application.idempotency.WorkAnswer;
import dev.recaudo.domain.idempotency.IdempotencyScope;
import dev.recaudo.domain.idempotency.IdempotencyStore.StoredResponse;
import dev.recaudo.domain.idempotency.Signature;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * The one idempotent-write path of the public invoice, integrations and external payments APIs. The key value belongs
 * to the partner of the API key (see {@link IdempotencyScope}); the first request does the work and
 * its successful answer is stored; the same request again (same partner, path ids and body as
 * parsed JSON) replays it; another request under the key is {@code 409} mismatch, and a twin of a
 * request still running is {@code 409} in progress. The families differ only in the header's name
 * and in how a replay is marked. A signed request (integrations) is accepted once: its signature
 * again under another key is the family's signature failure, {@code 401}, and runs nothing. A write
 * whose work leaves the process (a direct payment's charge) runs in atomic phases instead
 * ({@link #executePhased}); the same request again before its final answer answers the resource as it stands.
 * A request whose audit record is pending ({@link Caller#pendingAudit}) files it in its work's
 * transaction when that work commits, and leaves it to the audit filter otherwise.
 */
@ApplicationScoped
public class IdempotentWrites {

    public static final String PUBLIC_HEADER = "x-idempotency";
    public static final String INTEGRATIONS_HEADER = "Idempotency-Key";

    /** How a family names the key and answers a replay. */
    public enum Family {
        /** Replays carry {@code Idempotent-Replayed: true}; errors name the header as a field. */
        PUBLIC(PUBLIC_HEADER, true),
        /** Replays are the stored answer as it was first sent. */
        INTEGRATIONS(INTEGRATIONS_HEADER, false),
        /** External payments: the integrations header (a UUID v4 there), replays as first sent. */
        EXTERNAL(INTEGRATIONS_HEADER, false);

        private final String header;
        private final boolean marksReplays;

        Family(String header, boolean marksReplays) {
            this.header = header;
            this.marksReplays = marksReplays;
        }

        Response replay(StoredResponse stored) {
            Response.ResponseBuilder answer = stored(stored);
            return (marksReplays ? answer.header("Idempotent-Replayed", "true") : answer).build();
        }

        ApiProblem mismatch() {
            return new ApiProblem(Problem.IDEMPOTENCY_MISMATCH,
                    "The " + header + " value was already used with a different request",
                    Map.of(header, List.of("was used with a different request")));
        }

        ApiProblem inProgress() {
            return new ApiProblem(Problem.IDEMPOTENCY_IN_PROGRESS,
                    "A request with this " + header + " is still being processed; retry shortly",
                    Map.of(header, List.of("is in use by a request in progress")), Map.of("Retry-After", "1"));
        }
    }

    /**
     * What a write is, for its key: the operation, the key value, the ids its path names (the
     * document or payment it acts on), its body as parsed (null when it reads none) and, when its
     * family signs requests, the signature it carried.
     */
    public record Request(String operation, String idempotencyKey, Map<String, String> pathIds, JsonNode body,
            Optional<Signature> signature) {

        public Request {
            pathIds = Map.copyOf(pathIds);
            Objects.requireNonNull(signature, "signature");
        }

        /** An unsigned write with no id in its path. */
        public static Request ofBody(String operation, String idempotencyKey, JsonNode body) {
            return new Request(operation, idempotencyKey, Map.of(), body, Optional.empty());
        }
    }

    /**
     * A status and the entity to send; only successful answers are stored for replay. {@code outcome}
     * and {@code detail} are what the audit trail records of a successful answer (a payment's status,
     * say; {@code ok} when none); an error answer's outcome is its error code. They travel with the
     * reply rather than through {@link Caller}: the work may run again after a lock race, and a run
     * that rolled back must leave nothing behind in the request.
     */
    public record Reply(int status, Object entity, Optional<String> outcome, Optional<String> detail) {

        public Reply {
            Objects.requireNonNull(outcome, "outcome");
            Objects.requireNonNull(detail, "detail");
        }

        public Reply(int status, Object entity) {
            this(status, entity, Optional.empty(), Optional.empty());
        }

        /** A reply with the business outcome the audit trail records; {@code detail} may be null. */
        public static Reply audited(int status, Object entity, String outcome, String detail) {
            return new Reply(status, entity, Optional.of(outcome), Optional.ofNullable(detail));
        }
    }

    @Inject
    IdempotentExecution idempotency;

    @Inject
    ObjectMapper json;

    @Inject
    Caller caller;

    @Inject
    Clock clock;

    public Response execute(Family family, KeyPrincipal key, Request request, Supplier<Reply> work) {
        return execute(family, key, request, work, family::replay);
    }

    /** Like {@link #execute(Family, KeyPrincipal, Request, Supplier)}, with an answer of its own to replays. */
    public Response execute(Family family, KeyPrincipal key, Request request, Supplier<Reply> work,
            Function<StoredResponse, Response> replay) {
        IdempotencyScope scope = IdempotencyScope.of(key.key());
        Optional<PendingAudit> audit = caller.pendingAudit();
        Outcome outcome = idempotency.execute(scope, request.operation(), request.idempotencyKey(),
                Fingerprints.of(scope, request.pathIds(), request.body()), request.signature(),
                () -> answerOf(work.get(), audit));
        // Marked once the transaction is over: a run that rolled back has marked nothing.
        if (outcome instanceof Outcome.Executed executed && executed.recorded().isPresent()) {
            caller.auditRecordedWithWork();
        }
        return answer(family, outcome, replay);
    }

    /**
     * One run's answer with the audit record drawn up from it, when the request has one pending. It
     * reads the request's state and changes none of it, so a run lost to a lock race leaves nothing.
     */
    private WorkAnswer answerOf(Reply reply, Optional<PendingAudit> audit) {
        return new WorkAnswer(answerOf(reply), audit.map(pending -> pending.answered(reply.status(),
                reply.outcome().orElse(reply.status() < 400 ? "ok" : "error"), reply.detail(), clock.instant())));
    }

    /**
     * Runs an unsigned write in atomic phases (see {@link PhasedWork}): its phases answer what
     * {@link #answerOf(Reply)} makes of their replies. A request resumed after its first phase
     * committed answers its resource as it stands, with the status its work gives it.
     */
    public Response executePhased(Family family, KeyPrincipal key, Request request, PhasedWork work) {
        IdempotencyScope scope = IdempotencyScope.of(key.key());
        Outcome outcome = idempotency.executePhased(scope, request.operation(), request.idempotencyKey(),
                Fingerprints.of(scope, request.pathIds(), request.body()), work);
        return answer(family, outcome, family::replay);
    }

    /** A reply as it is stored for replay and sent. */
    public StoredResponse answerOf(Reply reply) {
        return new StoredResponse(reply.status(), write(reply.entity()));
    }

    private static Response answer(Family family, Outcome outcome, Function<StoredResponse, Response> replay) {
        if (outcome instanceof Outcome.Executed executed) {
            return stored(executed.response()).build();
        }
        if (outcome instanceof Outcome.Resumed resumed) {
            return stored(resumed.response()).build();
        }
        if (outcome instanceof Outcome.Replayed replayed) {
            return replay.apply(replayed.response());
        }
        if (outcome instanceof Outcome.KeyReusedWithAnotherRequest) {
            throw family.mismatch();
        }
        if (outcome instanceof Outcome.SignatureReused) {
            throw new ApiProblem(Problem.INVALID_SIGNATURE, "The request signature was already used: a retry carries the "
                    + family.header + " it was first sent with, and a new request is signed anew");
        }
        throw family.inProgress();
    }

    private static Response.ResponseBuilder stored(StoredResponse response) {
        return Response.status(response.status()).entity(response.body()).type(MediaType.APPLICATION_JSON);
    }

    private String write(Object entity) {
        try {
            return json.writeValueAsString(entity);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("answers are plain records and always serialize", e);
        }
    }
}
