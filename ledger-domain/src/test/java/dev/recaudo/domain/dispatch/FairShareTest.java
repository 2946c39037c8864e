package dev.recaudo.domain.dispatch;

import static org.assertj.core.api.Assertions.assertThat;

import dev.recaudo.domain.company.CompanyId;
import dev.recaudo.domain.dispatch.Candidates.Candidate;
import dev.recaudo.domain.dispatch.Candidates.TargetLoad;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * The claim's choice: the fewest in flight first, companies then their targets, the longest waiting
 * first among equals, never past a cap.
 */
class FairShareTest {

    private static final Instant NOW = Instant.parse("2026-11-28T10:00:00Z");

    private final List<Candidate> due = new ArrayList<>();
    private final Map<DispatchTarget, TargetLoad> targets = new HashMap<>();
    private final Map<CompanyId, Integer> companies = new HashMap<>();

    /** {@code count} candidates of a new target of the company, the first due {@code secondsAgo}, each a second later. */
    private List<UUID> target(CompanyId company, int count, int secondsAgo, int inFlight) {
        DispatchTarget target = new DispatchTarget(company, UUID.randomUUID().toString());
        targets.put(target, new TargetLoad(inFlight, TargetHealth.HEALTHY));
        companies.merge(company, inFlight, Integer::sum);
        List<UUID> ids = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            UUID id = UUID.randomUUID();
            due.add(new Candidate(id, target, NOW.minusSeconds(secondsAgo - i), i));
            ids.add(id);
        }
        return ids;
    }

    private List<UUID> pick(int perTarget, int perCompany, int limit) {
        return FairShare.pick(new Candidates(due, targets, companies), new DispatchCaps(perTarget, perCompany), limit, NOW);
    }

    @Test
    void givenThreeCompanies_whenPicking_thenEachGetsATurnPerRoundTheLongestWaitingFirst() {
        CompanyId big = CompanyId.random();
        List<UUID> bigFirst = target(big, 3, 300, 0);
        List<UUID> bigSecond = target(big, 3, 200, 0);
        List<UUID> small = target(CompanyId.random(), 1, 10, 0);
        List<UUID> medium = target(CompanyId.random(), 2, 100, 0);

        assertThat(pick(3, 10, 6)).containsExactly(
                bigFirst.get(0), medium.get(0), small.get(0),
                bigSecond.get(0), medium.get(1),
                bigFirst.get(1));
    }

    @Test
    void givenAttemptsInFlight_whenPicking_thenTheyCountAgainstTheirOwnTargetAndCompanyOnly() {
        CompanyId busy = CompanyId.random();
        List<UUID> full = target(busy, 3, 300, 2);
        List<UUID> other = target(busy, 3, 200, 1);
        List<UUID> quiet = target(CompanyId.random(), 3, 10, 0);

        assertThat(pick(2, 4, 10)).containsExactlyInAnyOrder(other.get(0), quiet.get(0), quiet.get(1))
                .doesNotContainAnyElementsOf(full);
    }

    /**
     * The room is nearly full of a noisy company's slow attempts and one place is free: it goes to
     * the company holding nothing, although the noisy company's backlog is older. Oldest first among
     * the companies' first candidates would give it to the noisy company at every place that frees.
     */
    @Test
    void givenOnePlaceFree_whenACompanyHoldingManyAndOneHoldingNoneWait_thenTheOneHoldingNoneGetsIt() {
        CompanyId noisy = CompanyId.random();
        target(noisy, 3, 3_600, 2);
        target(noisy, 3, 3_600, 2);
        List<UUID> quiet = target(CompanyId.random(), 1, 1, 0);

        assertThat(pick(4, 10, 1)).containsExactly(quiet.get(0));
    }
}
