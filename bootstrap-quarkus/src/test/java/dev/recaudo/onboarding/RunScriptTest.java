package dev.recaudo.onboarding;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Runs the repository's {@code run.sh} in a temporary copy of a project layout, with {@code ./mvnw}
 * and {@code java} replaced by stubs that record their calls, to prove that it builds only when a
 * build input is newer than the runnable jar. The {@code mvnw} stub writes, like the real build, a
 * file under {@code target/} after the jar.
 */
class RunScriptTest {

    private static final Path RUN_SCRIPT = Path.of("..", "run.sh");
    private static final String JAR = "bootstrap-quarkus/target/quarkus-app/quarkus-run.jar";
    private static final List<String> PROJECT_FILES = List.of(
            "pom.xml",
            "README.md",
            "docs/quickstart.md",
            ".mvn/wrapper/maven-wrapper.properties",
            ".mvn/jvm.config",
            "ledger-domain/pom.xml",
            "ledger-domain/src/main/java/dev/recaudo/domain/Money.java",
            "ledger-domain/src/test/java/dev/recaudo/domain/MoneyTest.java",
            "adapter-persistence/src/main/resources/db/migration/V0001__create_companies.sql",
            "adapter-rest/src/main/resources/templates/pay.html",
            "bootstrap-quarkus/src/main/resources/application.properties",
            "bootstrap-quarkus/src/main/resources/META-INF/resources/logo.svg",
            "bootstrap-quarkus/target/quarkus-artifact.properties",
            "bootstrap-quarkus/target/generated-sources/Generated.java",
            "ledger-domain/target/classes/application.properties",
            "target/build.log");
    private static final Instant SOURCES_WRITTEN = Instant.now().minus(Duration.ofHours(2));
    private static final Instant JAR_BUILT = Instant.now().minus(Duration.ofHours(1));
    private static final Instant LATER = Instant.now().minus(Duration.ofMinutes(10));

    @TempDir
    Path project;

    @BeforeEach
    void copyRunScriptIntoAProjectBuiltAnHourAgo() throws IOException {
        Files.copy(RUN_SCRIPT, project.resolve("run.sh"), StandardCopyOption.COPY_ATTRIBUTES);
        script("mvnw", """
                echo "$*" >> build-calls.txt
                mkdir -p bootstrap-quarkus/target/quarkus-app
                touch bootstrap-quarkus/target/quarkus-app/quarkus-run.jar
                # The real build writes quarkus-artifact.properties after the jar.
                touch -d "@$(( $(date +%s) + 5 ))" bootstrap-quarkus/target/quarkus-artifact.properties
                """);
        script("bin/java", "echo \"$*\" >> start-calls.txt\n");
        for (String file : PROJECT_FILES) {
            Files.createDirectories(project.resolve(file).getParent());
            Files.writeString(project.resolve(file), file);
        }
        Files.createDirectories(project.resolve(JAR).getParent());
        Files.writeString(project.resolve(JAR), "jar");
        try (Stream<Path> paths = Files.walk(project)) {
            for (Path path : paths.toList()) {
                Files.setLastModifiedTime(path, FileTime.from(SOURCES_WRITTEN));
            }
        }
        Files.setLastModifiedTime(project.resolve(JAR), FileTime.from(JAR_BUILT));
    }

    @Test
    void givenNoJar_whenStarted_thenBuildsWithoutTestsAndStartsTheJar() throws Exception {
        Files.delete(project.resolve(JAR));

        start();

        assertThat(lines("build-calls.txt")).containsExactly("-B -q package -DskipTests -Dnative.sources.skip");
        assertThat(lines("start-calls.txt")).containsExactly("-jar " + JAR);
    }

    @Test
    void givenAFreshBuild_whenStartedAgain_thenDoesNotBuildAgain() throws Exception {
        Files.delete(project.resolve(JAR));
        start();

        start();

        assertThat(lines("build-calls.txt")).hasSize(1);
        assertThat(lines("start-calls.txt")).hasSize(2);
    }

    @Test
    void givenNoJar_whenRunToBuildOnly_thenBuildsAndStartsNothing() throws Exception {
        Files.delete(project.resolve(JAR));

        start("--build-only");
        start("--build-only");

        assertThat(lines("build-calls.txt")).containsExactly("-B -q package -DskipTests -Dnative.sources.skip");
        assertThat(lines("start-calls.txt")).isEmpty();
    }

    @Test
    void givenNothingChanged_whenStarted_thenDoesNotBuild() throws Exception {
        start();

        assertThat(lines("build-calls.txt")).isEmpty();
        assertThat(lines("start-calls.txt")).containsExactly("-jar " + JAR);
    }

    @ParameterizedTest
    @ValueSource(strings = {
            "bootstrap-quarkus/target/quarkus-artifact.properties",
            "bootstrap-quarkus/target/generated-sources/Generated.java",
            "ledger-domain/target/classes/application.properties",
            "target/build.log",
            "README.md",
            "docs/quickstart.md",
            "ledger-domain/src/test/java/dev/recaudo/domain/MoneyTest.java"})
    void givenOnlyABuildOutputOrAFileTheJarDoesNotUseChanged_whenStarted_thenDoesNotBuild(String file)
            throws Exception {
        Files.setLastModifiedTime(project.resolve(file), FileTime.from(LATER));

        start();

        assertThat(lines("build-calls.txt")).isEmpty();
    }

    @ParameterizedTest
    @ValueSource(strings = {
            "pom.xml",
            "ledger-domain/pom.xml",
            ".mvn/wrapper/maven-wrapper.properties",
            ".mvn/jvm.config",
            "ledger-domain/src/main/java/dev/recaudo/domain/Money.java",
            "adapter-persistence/src/main/resources/db/migration/V0001__create_companies.sql",
            "adapter-rest/src/main/resources/templates/pay.html",
            "bootstrap-quarkus/src/main/resources/application.properties",
            "bootstrap-quarkus/src/main/resources/META-INF/resources/logo.svg"})
    void givenABuildInputChanged_whenStarted_thenBuildsOnce(String file) throws Exception {
        Files.setLastModifiedTime(project.resolve(file), FileTime.from(LATER));

        start();
        start();

        assertThat(lines("build-calls.txt")).hasSize(1);
    }

    @Test
    void givenASourceDeleted_whenStarted_thenBuilds() throws Exception {
        Files.delete(project.resolve("ledger-domain/src/main/java/dev/recaudo/domain/Money.java"));

        start();

        assertThat(lines("build-calls.txt")).hasSize(1);
    }

    private void start(String... arguments) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of("bash", "run.sh"));
        command.addAll(List.of(arguments));
        ProcessBuilder builder = new ProcessBuilder(command).directory(project.toFile())
                .redirectErrorStream(true);
        builder.environment().put("PATH", project.resolve("bin") + ":" + System.getenv("PATH"));
        builder.environment().remove("JAVA_OPTS");
        Process process = builder.start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(process.waitFor(30, TimeUnit.SECONDS)).as("run.sh finished").isTrue();
        assertThat(process.exitValue()).as("run.sh exit status; output:%n%s", output).isZero();
    }

    private List<String> lines(String file) throws IOException {
        Path path = project.resolve(file);
        return Files.exists(path) ? Files.readAllLines(path) : List.of();
    }

    private void script(String file, String body) throws IOException {
        Path path = project.resolve(file);
        Files.createDirectories(path.getParent());
        Files.writeString(path, "#!/usr/bin/env bash\n" + body);
        Files.setPosixFilePermissions(path, PosixFilePermissions.fromString("rwxr-xr-x"));
    }
}
