package dev.recaudo.onboarding;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Runs {@code docs/quickstart.md} against the packaged jar ({@link QuickstartRun}). Runs in the
 * integration-test phase of {@code ./mvnw verify}, after the package phase built the jar.
 */
class QuickstartIT {

    @TempDir
    Path workingDirectory;

    @Test
    void givenTheDemoSeed_whenEveryShellBlockRunsInOrder_thenEachPrintsWhatThePageShows() throws Exception {
        try (PackagedService service = PackagedService.startWithDemoSeed()) {
            QuickstartRun.check(service, workingDirectory);
        }
    }
}
