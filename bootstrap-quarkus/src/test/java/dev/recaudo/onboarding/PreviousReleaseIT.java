package dev.recaudo.onboarding;

import static org.assertj.core.api.Assertions.assertThat;

import dev.recaudo.battery.Battery;
import dev.recaudo.battery.BatteryClient;
import dev.recaudo.battery.BatteryClient.Answer;
import dev.recaudo.battery.BatteryClient.Call;
import dev.recaudo.battery.Database;
import dev.recaudo.battery.ServiceInstance;
import dev.recaudo.e2e.support.PostgresTestDatabase;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 25: an upgrade with no downtime. This build migrates a fresh database (and seeds the demo
 * company); then the previous release runs on that schema beside this build, as while instances roll:
 * the quickstart page passes against the previous release, and this build reads what it wrote. Run by
 * a documented command, not by CI's (building a release takes minutes):
 * {@code ./mvnw -B verify -Dtest=none -Dsurefire.failIfNoSpecifiedTests=false -Dit.test=PreviousReleaseIT
 * -Dprevious.release=last} ({@code last}: the last release in {@code deploy/releases}; or a tag or a
 * commit). The release's jar is built once by {@code bench/build-jar.sh} and kept.
 */
class PreviousReleaseIT {

    private static final Path RELEASES = Path.of("..", "deploy", "releases");
    private static final Path BUILD_JAR = Path.of("..", "bench", "build-jar.sh");
    private static final long BUILD_TIMEOUT_MINUTES = 15;

    @TempDir
    Path workingDirectory;

    @Test
    void givenTheSchemaOfThisBuild_whenThePreviousReleaseRunsBesideIt_thenTheQuickstartPassesOnItAndThisBuildReadsWhatItWrote()
            throws Exception {
        String release = System.getProperty("previous.release", "");
        Assumptions.assumeFalse(release.isBlank(), "the upgrade check runs with -Dprevious.release=<last, a tag or a commit>");
        Path previousJar = build(release.equals("last") ? lastRelease() : release);
        Battery.closeShared();
        Database database = Database.create(PostgresTestDatabase.SERVER, PostgresTestDatabase.USER, PostgresTestDatabase.PASSWORD,
                "recaudo_upgrade_");
        try {
            List<String> exports;
            try (ServiceInstance migrating = ServiceInstance.start("PreviousReleaseIT-this-build", database,
                    Map.of("RECAUDO_DEMO_SEED", "true"))) {
                exports = PackagedService.seedExports(migrating.output());
            }
            String schema = database.text("SELECT max(version) FROM flyway_schema_history");
            // Releases up to v0.1.0 refuse migrations they do not know unless told otherwise; later ones ignore them by default.
            try (ServiceInstance previous = ServiceInstance.startJar("PreviousReleaseIT-previous-release", previousJar, database,
                    Map.of("QUARKUS_FLYWAY_IGNORE_MIGRATION_PATTERNS", "*:future"));
                    ServiceInstance current = ServiceInstance.start("PreviousReleaseIT-this-build-again", database, Map.of())) {
                Map<String, String> values = QuickstartRun.check(exports, previous, workingDirectory);

                Answer read = new BatteryClient(List.of(current)).send(Call.get("/v1/invoices/" + values.get("invoice id"))
                        .header("Authorization", "Bearer " + PackagedService.exported(exports, "PUBLIC_KEY")));
                assertThat(read.status()).as("this build reading the invoice the previous release made: %s", read).isEqualTo(200);
                assertThat(read.json().getString("status")).isEqualTo("PAID");
                assertThat(database.text("SELECT max(version) FROM flyway_schema_history"))
                        .as("the previous release left this build's schema as it was").isEqualTo(schema);
            }
        } finally {
            database.drop();
        }
    }

    private static String lastRelease() throws IOException {
        List<String> releases = Files.readAllLines(RELEASES).stream().filter(line -> !line.isBlank() && !line.startsWith("#")).toList();
        return releases.get(releases.size() - 1).split(" ")[1];
    }

    /** The release's runnable jar, built by the bench's script in a worktree of its own (kept for later runs). */
    private static Path build(String commit) throws IOException, InterruptedException {
        Path printed = Files.createTempFile("recaudo-release-build-", ".txt");
        try {
            Process build = new ProcessBuilder(BUILD_JAR.toString(), commit).redirectError(ProcessBuilder.Redirect.INHERIT)
                    .redirectOutput(printed.toFile()).start();
            if (!build.waitFor(BUILD_TIMEOUT_MINUTES, TimeUnit.MINUTES)) {
                build.destroyForcibly();
                throw new AssertionError("bench/build-jar.sh " + commit + " did not finish in " + BUILD_TIMEOUT_MINUTES + " minutes");
            }
            String output = Files.readString(printed, StandardCharsets.UTF_8).strip();
            assertThat(build.exitValue()).as("bench/build-jar.sh %s: %s", commit, output).isZero();
            return Path.of(output.lines().reduce((first, second) -> second).orElseThrow(), "quarkus-run.jar");
        } finally {
            Files.delete(printed);
        }
    }
}
