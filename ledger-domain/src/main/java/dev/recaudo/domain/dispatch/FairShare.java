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
 * Chooses what one claim takes, fairly: round robin over companies, and within a company over its
 * targets, never past a cap. Every company's first candidate comes before any company's second,
 * and a company's second before its third; within a round the company waiting longest goes first.
 * So a company with a thousand due items gets one turn per round like a company with one, and
 * whatever it holds in flight counts against its own caps only.
 */
public final class FairShare {

    private static final Comparator<Ranked> ROUND_ROBIN = Comparator.comparingInt(Ranked::companyRank)
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
                        .add(new Ranked(queue.get(rank), rank, 0));
            }
        });
        List<Ranked> eligible = new ArrayList<>();
        byCompany.forEach((company, ranked) -> {
            int free = caps.perCompanyMax() - candidates.companiesInFlight().getOrDefault(company, 0);
            ranked.sort(Comparator.comparingInt(Ranked::targetRank).thenComparing(r -> r.candidate().dueAt())
                    .thenComparingLong(r -> r.candidate().order()));
            for (int rank = 0; rank < Math.min(free, ranked.size()); rank++) {
                eligible.add(new Ranked(ranked.get(rank).candidate(), ranked.get(rank).targetRank(), rank));
            }
        });
        eligible.sort(ROUND_ROBIN);
        return eligible.stream().limit(Math.max(0, limit)).map(ranked -> ranked.candidate().id()).toList();
    }

    /** A candidate with its place in its target's queue and in its company's round robin. */
    private record Ranked(Candidate candidate, int targetRank, int companyRank) {}
}
