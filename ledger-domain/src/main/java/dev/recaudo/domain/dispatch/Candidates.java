package dev.recaudo.domain.dispatch;

import dev.recaudo.domain.company.CompanyId;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.UUID;

/**
 * What one claim may choose from, read in the claim's transaction: the due items at the head of each
 * target's queue (oldest first, as many as the target could take), and what is in flight already,
 * per target and per company, counted from the leases of every instance.
 *
 * @param due the candidates, each target's in its own order
 * @param targets every target of {@code due}, with its attempts in flight and its health
 * @param companiesInFlight attempts in flight per company in the claim's lane; a company absent has none
 */
public record Candidates(List<Candidate> due, Map<DispatchTarget, TargetLoad> targets, Map<CompanyId, Integer> companiesInFlight) {

    public Candidates {
        due = List.copyOf(due);
        targets = Map.copyOf(targets);
        companiesInFlight = Map.copyOf(companiesInFlight);
        for (Candidate candidate : due) {
            if (!targets.containsKey(candidate.target())) {
                throw new IllegalArgumentException("candidate " + candidate.id() + " has a target without its load");
            }
        }
    }

    /**
     * An item that could be sent now.
     *
     * @param dueAt when it became due: the older goes first within its target and company
     * @param order the order it was created in, which breaks ties of {@code dueAt}
     */
    public record Candidate(UUID id, DispatchTarget target, Instant dueAt, long order) {

        public Candidate {
            Objects.requireNonNull(id, "id");
            Objects.requireNonNull(target, "target");
            Objects.requireNonNull(dueAt, "dueAt");
        }
    }

    /** A target's attempts in flight (leased by any instance, lease not run out) and its health. */
    public record TargetLoad(int inFlight, TargetHealth health) {

        public TargetLoad {
            Objects.requireNonNull(health, "health");
        }
    }
}
