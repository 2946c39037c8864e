package dev.recaudo.e2e.support;

import io.quarkus.test.junit.QuarkusTestProfile;
import java.util.Map;

/**
 * A service of its own, on a database of its own, for the upkeep tasks that act on every row (the
 * ledger audit, retention): no other test's rows are there. The janitor works in batches of two,
 * three batches a run at most, so a few rows show its bounds; no job poller runs.
 */
public class Upkeep implements QuarkusTestProfile {

    public static final int BATCH_SIZE = 2;
    public static final int BATCHES_PER_RUN_MAX = 3;

    @Override
    public Map<String, String> getConfigOverrides() {
        return Map.of("recaudo.jobs.poll-interval", "off",
                "recaudo.janitor.batch-size", String.valueOf(BATCH_SIZE),
                "recaudo.janitor.batches-per-run-max", String.valueOf(BATCHES_PER_RUN_MAX));
    }
}
