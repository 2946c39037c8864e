package dev.recaudo.architecture;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import dev.recaudo.persistence.common.EventBodies;
import io.quarkus.runtime.annotations.RegisterForReflection;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import org.junit.jupiter.api.Test;

/**
 * Issue 25: the native configuration that the package phase's sources-only native build wrote
 * ({@code target/native-sources}, the input of GraalVM's {@code native-image}) registers what the
 * native executable reads at run time and cannot find alone: every JSON body Jackson handles outside
 * Quarkus REST's signatures ({@link JsonWireTypes}) and the outbox's event-body records for
 * reflection, every migration, template, console text and font as a resource.
 */
class NativeSourcesIT {

    private static final Path NATIVE_SOURCES = Path.of("target", "native-sources");
    private static final Path MIGRATIONS = Path.of("..", "adapter-persistence", "src", "main", "resources", "db", "migration");
    private static final Path TEMPLATES = Path.of("..", "adapter-rest", "src", "main", "resources", "templates");
    private static final Path CONSOLE_TEXTS = Path.of("..", "adapter-rest", "src", "main", "resources", "console-texts");
    private static final Path FONTS = Path.of("..", "adapter-rest", "src", "main", "resources", "fonts");
    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void givenTheSourcesOnlyNativeBuild_thenItRegistersEveryJsonBodyForReflection() throws IOException {
        JavaClasses classes = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages("dev.recaudo");
        Set<String> reflected = new HashSet<>();
        configuration("reflect-config.json").forEach(entry -> reflected.add(entry.path("name").asText()));

        List<String> wire = new ArrayList<>(JsonWireTypes.in(classes).stream().map(JavaClass::getName).toList());
        for (Class<?> record : EventBodies.class.getAnnotation(RegisterForReflection.class).targets()) {
            wire.add(record.getName());
        }
        assertThat(wire).as("JSON bodies and event-body records, registered for reflection").isNotEmpty()
                .allMatch(reflected::contains);
    }

    @Test
    void givenTheSourcesOnlyNativeBuild_thenEveryMigrationAndTemplateIsAResourceOfTheExecutable() throws IOException {
        List<Pattern> included = new ArrayList<>();
        configuration("resource-config.json").path("resources").path("includes")
                .forEach(include -> included.add(Pattern.compile(include.path("pattern").asText())));

        for (Path file : files(MIGRATIONS, "db/migration/")) {
            assertThat(included).as("%s in the native resources", file).anyMatch(pattern -> pattern.matcher(file.toString()).matches());
        }
        List<Path> readByName = new ArrayList<>(files(TEMPLATES, "templates/"));
        readByName.addAll(files(CONSOLE_TEXTS, "console-texts/"));
        readByName.addAll(files(FONTS, "fonts/").stream().filter(file -> file.toString().endsWith(".ttf")).toList());
        for (Path file : readByName) {
            assertThat(included).as("%s in the native resources", file).anyMatch(pattern -> pattern.matcher(file.toString()).matches());
        }
    }

    /** The files of {@code directory}, named as resources under {@code prefix}. */
    private static List<Path> files(Path directory, String prefix) throws IOException {
        try (Stream<Path> files = Files.list(directory)) {
            List<Path> named = files.map(file -> Path.of(prefix + file.getFileName())).sorted().toList();
            assertThat(named).as("files in %s", directory).isNotEmpty();
            return named;
        }
    }

    /** A file of {@code META-INF/native-image/} in the native build's runner jar. */
    private static JsonNode configuration(String name) throws IOException {
        Path runner;
        try (Stream<Path> files = Files.list(NATIVE_SOURCES)) {
            runner = files.filter(file -> file.getFileName().toString().endsWith("-runner.jar")).findFirst()
                    .orElseThrow(() -> new AssertionError("no runner jar in " + NATIVE_SOURCES.toAbsolutePath()
                            + ": the package phase's sources-only native build did not run (-Dnative.sources.skip?)"));
        }
        try (ZipFile jar = new ZipFile(runner.toFile())) {
            ZipEntry entry = jar.getEntry("META-INF/native-image/" + name);
            assertThat(entry).as("%s in %s", name, runner).isNotNull();
            try (InputStream in = jar.getInputStream(entry)) {
                return JSON.readTree(in);
            }
        }
    }
}
