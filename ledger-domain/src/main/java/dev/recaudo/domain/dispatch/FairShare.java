package dev.recaudo.domain.dispatch;

import dev.recaudo.domain.company.CompanyId;
import dev.recaudo.domain.dispatch.Candidates.Candidate;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * Chooses what one claim takes, fairly: each place goes to the company with the fewest attempts
 * in flight, counting those it holds already (on every instance) and those this claim gave it, and
 * within a company to the target with the fewest the same way; among equals, the one waiting
 * longest; never past a cap. With nothing in flight that is a round robin: every company's first
 * candidate before any company's second. With the room nearly full it still is fair: the company
 * that holds nothing gets the next free place, not the one whose backlog is oldest, which would
 * otherwise win every place as it frees. A company's attempts in flight count against its own
 * caps only.
 */
public final class FairShare {

    /** The fewest in flight first, then the longest waiting. */
    private static final Comparator<Ranked> FEWEST_FIRST = Comparator.comparingInt(Ranked::share)
            .thenComparing(ranked -> ranked.candidate().dueAt())
            .thenComparingLong(ranked -> ranked.candidate().order());

    private FairShare() {}

    /** At most {@code limit} candidates' ids, in the order they should be sent. */
    public static List<UUID> pick(Candidates candidates, DispatchCaps caps, int limit, Instant now) {
        Map<DispatchTarget, List<Candidate>> byTarget = new HashMap<>();
        for (Candidate candidate : candidates.due()) {
            byTarget.computeIfAbsent(candidate.target(), target -> new ArrayList<>()).add(candidate);
        }
        Map<CompanyId, List<Ranked>> byCompany = new HashMap<>();
        byTarget.forEach((target, queue) -> {
            Candidates.TargetLoad load = candidates.targets().get(target);
            int free = load.health().attemptsAllowed(now, caps.perTargetMax()) - load.inFlight();
            queue.sort(Comparator.comparing(Candidate::dueAt).thenComparingLong(Candidate::order));
            for (int rank = 0; rank < Math.min(free, queue.size()); rank++) {
                byCompany.computeIfAbsent(target.companyId(), company -> new ArrayList<>())
                        .add(new Ranked(queue.get(rank), load.inFlight() + rank));
            }
        });
        List<Ranked> eligible = new ArrayList<>();
        byCompany.forEach((company, ranked) -> {
            int inFlight = candidates.companiesInFlight().getOrDefault(company, 0);
            ranked.sort(FEWEST_FIRST);
            for (int rank = 0; rank < Math.min(caps.perCompanyMax() - inFlight, ranked.size()); rank++) {
                eligible.add(new Ranked(ranked.get(rank).candidate(), inFlight + rank));
            }
        });
        eligible.sort(FEWEST_FIRST);
        return eligible.stream().limit(Math.max(0, limit)).map(ranked -> ranked.candidate().id()).toList();
    }

    /**
     * A candidate and its share: the attempts its target (while ranking within the company) or its
     * company (while ranking across companies) would have in flight before it.
     */
    private record Ranked(Candidate candidate, int share) {}
}
