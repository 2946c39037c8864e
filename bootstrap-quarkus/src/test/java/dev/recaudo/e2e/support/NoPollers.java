package dev.recaudo.e2e.support;

import io.quarkus.test.junit.QuarkusTestProfile;
import java.util.Map;

/**
 * A service of its own with no job poller and no callback dispatcher, so only the requests' statements
 * run and the callbacks a test queues wait for the test's own claims.
 */
public class NoPollers implements QuarkusTestProfile {
    @Override
    public Map<String, String> getConfigOverrides() {
        return Map.of("recaudo.jobs.poll-interval", "off", "recaudo.callbacks.dispatch-interval", "off");
    }
}
