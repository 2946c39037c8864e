package dev.recaudo.e2e.support;

import io.quarkus.test.junit.QuarkusTestProfile;
import java.util.Map;

/** A service of its own with no job poller, so only the requests' statements run. */
public class NoPollers implements QuarkusTestProfile {
    @Override
    public Map<String, String> getConfigOverrides() {
        return Map.of("recaudo.jobs.poll-interval", "off");
    }
}
