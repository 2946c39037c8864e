package dev.recaudo.application.idempotency;

import static dev.recaudo.application.fixtures.ApiKeyFixture.keysOf;
import static dev.recaudo.application.fixtures.ApiKeySpecFixture.spec;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.recaudo.application.fakes.InMemoryAuditLog;
import dev.recaudo.application.fakes.InMemoryIdempotencyStore;
import dev.recaudo.application.fakes.InMemoryOutbox;
import dev.recaudo.application.fakes.MutableClock;
import dev.recaudo.application.fakes.RollbackTransactions;
import dev.recaudo.application.fixtures.ApiKeyFixture;
import dev.recaudo.application.idempotency.IdempotentExecution.Outcome;
import dev.recaudo.domain.apikey.ApiKey;
import dev.recaudo.domain.apikey.KeyEnvironment;
import dev.recaudo.domain.audit.AuditActor;
import dev.recaudo.domain.audit.AuditRecord;
import dev.recaudo.domain.common.TenantScope;
import dev.recaudo.domain.company.CompanyId;
import dev.recaudo.domain.idempotency.IdempotencyScope;
import dev.recaudo.domain.idempotency.IdempotencyStore.StoredResponse;
import dev.recaudo.domain.idempotency.RecoveryPoint;
import dev.recaudo.domain.idempotency.RequestFingerprint;
import dev.recaudo.domain.idempotency.Signature;
import dev.recaudo.domain.webhook.OutboxEvent;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

class IdempotentExecutionTest {

    private static final Instant NOW = Instant.parse("2026-11-22T10:00:00Z");
    private static final String OPERATION = "integrations.customers.upsert";
    private static final String KEY = "key-1";
    private static final Optional<Signature> UNSIGNED = Optional.empty();

    private final InMemoryIdempotencyStore store = new InMemoryIdempotencyStore();
    private final InMemoryOutbox outbox = new InMemoryOutbox();
    private final InMemoryAuditLog audit = new InMemoryAuditLog();
    private final RollbackTransactions transactions = new RollbackTransactions(store, outbox, audit);
    private final IdempotentExecution execution = new IdempotentExecution(store, audit, transactions, new MutableClock(NOW));
    private final CompanyId company = CompanyId.random();
    private final ApiKeyFixture keys = keysOf(company);
    private final AtomicInteger runs = new AtomicInteger();

    /** A fingerprint that also recognises the given earlier forms, as a versioned one does. */
    private record Fingerprint(String value, Set<String> earlierForms) implements RequestFingerprint {
        Fingerprint(String value) {
            this(value, Set.of());
        }

        @Override
        public boolean matches(String stored) {
            return value.equals(stored) || earlierForms.contains(stored);
        }
    }

    private IdempotencyScope partner(String source) {
        return keys.scopeOf(spec().withSource(source));
    }

    private Supplier<WorkAnswer> answering(int status, String body) {
        return () -> {
            runs.incrementAndGet();
            return WorkAnswer.unaudited(new StoredResponse(status, body));
        };
    }

    @Test
    void givenFirstRequest_whenRepeatedWithTheSameFingerprint_thenTheWorkRanOnceAndTheAnswerIsReplayed() {
        IdempotencyScope scope = partner("erp");

        Outcome first = execution.execute(scope, OPERATION, KEY, new Fingerprint("v2:a"), UNSIGNED, answering(201, "{\"n\":1}"));
        Outcome repeat = execution.execute(scope, OPERATION, KEY, new Fingerprint("v2:a"), UNSIGNED, answering(201, "{\"n\":2}"));

        assertThat(first).isEqualTo(new Outcome.Executed(new StoredResponse(201, "{\"n\":1}")));
        assertThat(repeat).isEqualTo(new Outcome.Replayed(new StoredResponse(201, "{\"n\":1}")));
        assertThat(runs).hasValue(1);
    }

    @Test
    void givenUsedKey_whenAnotherRequestUsesIt_thenRefusedWithoutRunningTheWork() {
        IdempotencyScope scope = partner("erp");
        execution.execute(scope, OPERATION, KEY, new Fingerprint("v2:a"), UNSIGNED, answering(201, "{}"));

        Outcome other = execution.execute(scope, OPERATION, KEY, new Fingerprint("v2:b"), UNSIGNED, answering(201, "{}"));

        assertThat(other).isInstanceOf(Outcome.KeyReusedWithAnotherRequest.class);
        assertThat(runs).hasValue(1);
    }

    @Test
    void givenKeyUsedByOnePartner_whenAnotherPartnerOfTheCompanyUsesTheSameValue_thenItsOwnWorkRuns() {
        execution.execute(partner("erp-1"), OPERATION, KEY, new Fingerprint("v2:a"), UNSIGNED, answering(200, "{\"p\":1}"));

        Outcome second = execution.execute(partner("erp-2"), OPERATION, KEY, new Fingerprint("v2:a"), UNSIGNED, answering(200, "{\"p\":2}"));

        assertThat(second).isEqualTo(new Outcome.Executed(new StoredResponse(200, "{\"p\":2}")));
        assertThat(runs).hasValue(2);
    }

    @Test
    void givenKeysOfOneSource_whenEitherRepeatsARequest_thenItReplays() {
        IdempotencyScope first = partner("erp");
        IdempotencyScope second = partner("erp");
        execution.execute(first, OPERATION, KEY, new Fingerprint("v2:a"), UNSIGNED, answering(201, "{}"));

        assertThat(execution.execute(second, OPERATION, KEY, new Fingerprint("v2:a"), UNSIGNED, answering(201, "{}")))
                .isInstanceOf(Outcome.Replayed.class);
        assertThat(first).isEqualTo(second);
    }

    @Test
    void givenKeyWithoutSource_whenItsRotatedReplacementRepeatsTheRequest_thenItReplaysButAnotherSourcelessKeyDoesNot() {
        ApiKey original = keys.issue(spec());
        ApiKey replacement = keys.rotate(original);
        ApiKey unrelated = keys.issue(spec());
        execution.execute(IdempotencyScope.of(original), OPERATION, KEY, new Fingerprint("v2:a"), UNSIGNED, answering(200, "{}"));

        Outcome retried = execution.execute(IdempotencyScope.of(replacement), OPERATION, KEY, new Fingerprint("v2:a"), UNSIGNED,
                answering(200, "{}"));
        Outcome other = execution.execute(IdempotencyScope.of(unrelated), OPERATION, KEY, new Fingerprint("v2:a"), UNSIGNED,
                answering(200, "{}"));

        assertThat(retried).isInstanceOf(Outcome.Replayed.class);
        assertThat(other).isInstanceOf(Outcome.Executed.class);
        assertThat(runs).hasValue(2);
    }

    @Test
    void givenErrorAnswer_whenRepeated_thenNothingWasStoredAndTheWorkRunsAgain() {
        IdempotencyScope scope = partner("erp");

        Outcome refused = execution.execute(scope, OPERATION, KEY, new Fingerprint("v2:a"), UNSIGNED, answering(404, "{}"));
        assertThat(store.size()).isZero();
        Outcome again = execution.execute(scope, OPERATION, KEY, new Fingerprint("v2:b"), UNSIGNED, answering(201, "{}"));

        assertThat(refused).isEqualTo(new Outcome.Executed(new StoredResponse(404, "{}")));
        assertThat(again).isInstanceOf(Outcome.Executed.class);
        assertThat(transactions.rollbacks()).isEqualTo(1);
    }

    @Test
    void givenFailingWork_whenRetried_thenTheClaimWasRolledBackAndTheRetryRuns() {
        IdempotencyScope scope = partner("erp");

        assertThatThrownBy(() -> execution.execute(scope, OPERATION, KEY, new Fingerprint("v2:a"), UNSIGNED, () -> {
            throw new IllegalStateException("database gone");
        })).isInstanceOf(IllegalStateException.class);

        assertThat(store.size()).isZero();
        assertThat(execution.execute(scope, OPERATION, KEY, new Fingerprint("v2:a"), UNSIGNED, answering(201, "{}")))
                .isInstanceOf(Outcome.Executed.class);
    }

    @Test
    void givenClaimWithoutAnswer_whenTheKeyIsUsed_thenStillInProgressAndNothingRuns() {
        IdempotencyScope scope = partner("erp");
        store.given(scope, OPERATION, KEY, "v2:a", Optional.empty());

        Outcome outcome = execution.execute(scope, OPERATION, KEY, new Fingerprint("v2:a"), UNSIGNED, answering(201, "{}"));

        assertThat(outcome).isInstanceOf(Outcome.StillInProgress.class);
        assertThat(runs).hasValue(0);
        assertThat(transactions.rollbacks()).isEqualTo(1);
    }

    @Test
    void givenRecordOfAnEarlierRelease_whenTheSameRequestComes_thenItsEarlierFormMatchesAndTheAnswerReplays() {
        IdempotencyScope scope = partner("erp");
        store.given(scope, OPERATION, KEY, "legacy-digest", Optional.of(new StoredResponse(201, "{\"old\":true}")));

        Outcome same = execution.execute(scope, OPERATION, KEY, new Fingerprint("v2:a", Set.of("legacy-digest")), UNSIGNED,
                answering(201, "{}"));
        Outcome other = execution.execute(scope, OPERATION, KEY, new Fingerprint("v2:b", Set.of("other-digest")), UNSIGNED,
                answering(201, "{}"));

        assertThat(same).isEqualTo(new Outcome.Replayed(new StoredResponse(201, "{\"old\":true}")));
        assertThat(other).isInstanceOf(Outcome.KeyReusedWithAnotherRequest.class);
        assertThat(runs).hasValue(0);
    }

    @Test
    void givenARequestInFlight_whenItsTwinArrivesMeanwhile_thenTheTwinIsToldSoAndALaterRepeatReplaysTheFirstAnswer() {
        IdempotencyScope scope = partner("erp");
        Outcome[] twin = new Outcome[1];

        Outcome first = execution.execute(scope, OPERATION, KEY, new Fingerprint("v2:a"), UNSIGNED, () -> {
            twin[0] = execution.execute(scope, OPERATION, KEY, new Fingerprint("v2:a"), UNSIGNED, answering(201, "{\"twin\":true}"));
            return answering(201, "{\"first\":true}").get();
        });
        Outcome later = execution.execute(scope, OPERATION, KEY, new Fingerprint("v2:a"), UNSIGNED, answering(201, "{}"));

        assertThat(twin[0]).isInstanceOf(Outcome.StillInProgress.class);
        assertThat(first).isEqualTo(new Outcome.Executed(new StoredResponse(201, "{\"first\":true}")));
        assertThat(later).isEqualTo(new Outcome.Replayed(new StoredResponse(201, "{\"first\":true}")));
        assertThat(runs).hasValue(1);
    }

    @Test
    void givenAKeyUsedForOneOperation_whenAnotherOperationUsesTheSameValue_thenItsOwnWorkRuns() {
        IdempotencyScope scope = partner("erp");
        execution.execute(scope, OPERATION, KEY, new Fingerprint("v2:a"), UNSIGNED, answering(201, "{}"));

        Outcome other = execution.execute(scope, "integrations.verified_payments.apply", KEY, new Fingerprint("v2:b"), UNSIGNED,
                answering(200, "{\"applied\":true}"));

        assertThat(other).isEqualTo(new Outcome.Executed(new StoredResponse(200, "{\"applied\":true}")));
        assertThat(runs).hasValue(2);
    }

    @Test
    void givenWorkThatWroteAndThenAnsweredAnError_whenDone_thenItsWritesRollBackWithTheClaim() {
        IdempotencyScope scope = partner("erp");

        Outcome refused = execution.execute(scope, OPERATION, KEY, new Fingerprint("v2:a"), UNSIGNED, announcing(422));
        assertThat(outbox.events()).isEmpty();
        Outcome accepted = execution.execute(scope, OPERATION, KEY, new Fingerprint("v2:a"), UNSIGNED, announcing(201));

        assertThat(refused).isEqualTo(new Outcome.Executed(new StoredResponse(422, "{}")));
        assertThat(accepted).isEqualTo(new Outcome.Executed(new StoredResponse(201, "{}")));
        assertThat(outbox.events()).hasSize(1);
        assertThat(store.size()).isEqualTo(1);
    }

    private static Optional<Signature> signed(char digit) {
        return Optional.of(new Signature(String.valueOf(digit).repeat(64)));
    }

    @Test
    void givenASignedRequestDone_whenItsSignatureComesAgainUnderAnotherKey_thenRefusedAndNothingRuns() {
        IdempotencyScope scope = partner("erp");
        execution.execute(scope, OPERATION, KEY, new Fingerprint("v2:a"), signed('a'), answering(201, "{}"));

        Outcome resent = execution.execute(scope, OPERATION, "key-2", new Fingerprint("v2:a"), signed('a'), answering(201, "{}"));

        assertThat(resent).isInstanceOf(Outcome.SignatureReused.class);
        assertThat(runs).hasValue(1);
        assertThat(store.size()).isEqualTo(1);
    }

    @Test
    void givenASignedRequestDone_whenItComesAgainUnderTheSameKey_thenTheStoredAnswerReplays() {
        IdempotencyScope scope = partner("erp");
        execution.execute(scope, OPERATION, KEY, new Fingerprint("v2:a"), signed('a'), answering(201, "{\"n\":1}"));

        Outcome retried = execution.execute(scope, OPERATION, KEY, new Fingerprint("v2:a"), signed('a'), answering(201, "{}"));
        Outcome resigned = execution.execute(scope, OPERATION, KEY, new Fingerprint("v2:a"), signed('b'), answering(201, "{}"));

        assertThat(retried).isEqualTo(new Outcome.Replayed(new StoredResponse(201, "{\"n\":1}")));
        assertThat(resigned).as("the same request signed anew").isEqualTo(retried);
        assertThat(runs).hasValue(1);
    }

    @Test
    void givenASignedRequestThatAnsweredAnError_whenSentAgainAsItWasUnderAnotherKey_thenItRuns() {
        IdempotencyScope scope = partner("erp");
        execution.execute(scope, OPERATION, KEY, new Fingerprint("v2:a"), signed('a'), answering(404, "{}"));

        Outcome again = execution.execute(scope, OPERATION, "key-2", new Fingerprint("v2:a"), signed('a'), answering(201, "{}"));

        assertThat(again).isEqualTo(new Outcome.Executed(new StoredResponse(201, "{}")));
        assertThat(runs).hasValue(2);
    }

    /** Work that writes an event, as a use case does, then answers the status. */
    private Supplier<WorkAnswer> announcing(int status) {
        return () -> {
            outbox.append(new OutboxEvent(UUID.randomUUID(), new TenantScope(company, KeyEnvironment.LIVE), UUID.randomUUID(),
                    "invoice.created", NOW, Map.of()));
            return WorkAnswer.unaudited(new StoredResponse(status, "{}"));
        };
    }

    /** Work that answers the status with the audit record of its outcome, drawn up by each run afresh. */
    private Supplier<WorkAnswer> audited(int status, Supplier<String> outcome) {
        return () -> {
            runs.incrementAndGet();
            AuditRecord record = new AuditRecord(UUID.randomUUID(), company, new AuditActor.Operator(), "req-1", "POST /x",
                    Optional.empty(), status, outcome.get(), Optional.empty(), NOW);
            return new WorkAnswer(new StoredResponse(status, "{}"), Optional.of(record));
        };
    }

    @Test
    void givenAuditedWork_whenItCommits_thenItsRecordIsFiledWithItAndReported() {
        Outcome outcome = execution.execute(partner("erp"), OPERATION, KEY, new Fingerprint("v2:a"), UNSIGNED,
                audited(200, () -> "applied"));

        assertThat(audit.records()).singleElement().extracting(AuditRecord::outcome).isEqualTo("applied");
        assertThat(((Outcome.Executed) outcome).recorded()).containsSame(audit.records().get(0));
        assertThat(transactions.commits()).as("one transaction for the work and its record").isEqualTo(1);
    }

    @Test
    void givenAuditedWork_whenItAnswersAnError_thenItsRecordRollsBackAndNoneIsReported() {
        Outcome outcome = execution.execute(partner("erp"), OPERATION, KEY, new Fingerprint("v2:a"), UNSIGNED,
                audited(404, () -> "not_found"));

        assertThat(outcome).isEqualTo(new Outcome.Executed(new StoredResponse(404, "{}")));
        assertThat(audit.records()).as("the caller records a request that rolled back").isEmpty();
    }

    @Test
    void givenAuditedWork_whenItsTransactionLosesALockRace_thenOnlyTheRecordOfTheRunThatCommittedIsKept() {
        AtomicInteger attempt = new AtomicInteger();
        transactions.loseLockRaceAt(1);

        Outcome outcome = execution.execute(partner("erp"), OPERATION, KEY, new Fingerprint("v2:a"), UNSIGNED,
                audited(200, () -> "run " + attempt.incrementAndGet()));

        assertThat(transactions.races()).isEqualTo(1);
        assertThat(runs).hasValue(2);
        assertThat(audit.records()).singleElement().extracting(AuditRecord::outcome).isEqualTo("run 2");
        assertThat(((Outcome.Executed) outcome).recorded()).containsSame(audit.records().get(0));
    }

    @Test
    void givenAuditedWorkDone_whenReplayed_thenNothingIsFiledWithTheReplay() {
        IdempotencyScope scope = partner("erp");
        execution.execute(scope, OPERATION, KEY, new Fingerprint("v2:a"), UNSIGNED, audited(200, () -> "applied"));

        Outcome replay = execution.execute(scope, OPERATION, KEY, new Fingerprint("v2:a"), UNSIGNED, audited(200, () -> "again"));

        assertThat(replay).isInstanceOf(Outcome.Replayed.class);
        assertThat(audit.records()).as("the caller records the replay on its own").hasSize(1);
    }

    /** Phased work whose phase 1 records a resource, and whose phase 3 answers as {@code settled} says. */
    private final class Phases implements PhasedWork {
        private final UUID resource = UUID.randomUUID();
        private final boolean settled;
        private final RuntimeException refusal;
        private int calls;
        private int resumes;

        Phases(boolean settled, RuntimeException refusal) {
            this.settled = settled;
            this.refusal = refusal;
        }

        @Override
        public RecoveryPoint start() {
            runs.incrementAndGet();
            if (refusal != null) {
                throw refusal;
            }
            return new RecoveryPoint("recorded", resource);
        }

        @Override
        public Supplier<PhaseAnswer> proceed(RecoveryPoint point) {
            calls++;
            StoredResponse answer = new StoredResponse(201, point.resourceId() + (settled ? ":done" : ":pending"));
            return () -> settled ? new PhaseAnswer.Settled(answer) : new PhaseAnswer.Unsettled(answer);
        }

        @Override
        public StoredResponse resume(RecoveryPoint point) {
            resumes++;
            return new StoredResponse(201, point.resourceId() + ":as-it-stands");
        }
    }

    @Test
    void givenPhasedWorkSettled_whenRepeated_thenReplayedAndNothingRunsAgain() {
        IdempotencyScope scope = partner("erp");
        Phases phases = new Phases(true, null);

        Outcome first = execution.executePhased(scope, OPERATION, KEY, new Fingerprint("v2:a"), phases);
        Outcome repeat = execution.executePhased(scope, OPERATION, KEY, new Fingerprint("v2:a"), phases);

        assertThat(first).isEqualTo(new Outcome.Executed(new StoredResponse(201, phases.resource + ":done")));
        assertThat(repeat).isEqualTo(new Outcome.Replayed(new StoredResponse(201, phases.resource + ":done")));
        assertThat(runs).hasValue(1);
        assertThat(phases.calls).isEqualTo(1);
        assertThat(phases.resumes).isZero();
    }

    @Test
    void givenPhasedWorkNotSettled_whenRepeated_thenResumedFromTheRecoveryPointWithoutRunningAnyPhase() {
        IdempotencyScope scope = partner("erp");
        Phases phases = new Phases(false, null);

        Outcome first = execution.executePhased(scope, OPERATION, KEY, new Fingerprint("v2:a"), phases);
        Outcome repeat = execution.executePhased(scope, OPERATION, KEY, new Fingerprint("v2:a"), phases);
        Outcome other = execution.executePhased(scope, OPERATION, KEY, new Fingerprint("v2:b"), phases);

        assertThat(first).isEqualTo(new Outcome.Executed(new StoredResponse(201, phases.resource + ":pending")));
        assertThat(repeat).isEqualTo(new Outcome.Resumed(new StoredResponse(201, phases.resource + ":as-it-stands")));
        assertThat(other).as("another request under the key").isInstanceOf(Outcome.KeyReusedWithAnotherRequest.class);
        assertThat(runs).hasValue(1);
        assertThat(phases.calls).as("the call that leaves the process").isEqualTo(1);
    }

    @Test
    void givenPhaseOneRefused_whenTheKeyIsSentAgain_thenTheClaimWasRolledBackAndTheWorkRunsAfresh() {
        IdempotencyScope scope = partner("erp");
        IllegalArgumentException refusal = new IllegalArgumentException("refused");

        assertThatThrownBy(() -> execution.executePhased(scope, OPERATION, KEY, new Fingerprint("v2:a"), new Phases(true, refusal)))
                .isSameAs(refusal);
        assertThat(store.size()).isZero();
        Phases retried = new Phases(true, null);

        assertThat(execution.executePhased(scope, OPERATION, KEY, new Fingerprint("v2:a"), retried))
                .isEqualTo(new Outcome.Executed(new StoredResponse(201, retried.resource + ":done")));
        assertThat(runs).hasValue(2);
    }

    @Test
    void givenAClaimStillInFlight_whenAPhasedTwinArrives_thenInProgressAndNothingRuns() {
        IdempotencyScope scope = partner("erp");
        store.given(scope, OPERATION, KEY, "v2:a", Optional.empty());
        Phases phases = new Phases(true, null);

        assertThat(execution.executePhased(scope, OPERATION, KEY, new Fingerprint("v2:a"), phases))
                .isInstanceOf(Outcome.StillInProgress.class);
        assertThat(runs).hasValue(0);
        assertThat(phases.calls).isZero();
    }
}
