package dev.recaudo.architecture;

import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.domain.JavaAnnotation;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Issue 25: what a native build cannot see for itself is registered. A sources-only native build
 * never runs GraalVM's analysis, so it cannot prove reflection; this rule does what it can: every
 * class Jackson reads or writes outside Quarkus REST's resource signatures ({@link JsonWireTypes}),
 * and whatever Recaudo type those hold, is annotated {@code @RegisterForReflection} or named in the
 * {@code targets} of one (the way to register a class of the framework-free core). The event bodies
 * of the outbox are held to the same by {@code EventBodies} itself, and {@code NativeSourcesIT}
 * checks the generated native configuration.
 */
class NativeReflectionTest {

    private static final String REGISTER = "io.quarkus.runtime.annotations.RegisterForReflection";
    private static final JavaClasses CLASSES = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS).importPackages("dev.recaudo");

    @Test
    void givenTheJsonBodiesJacksonHandlesOutsideQuarkusRest_thenEachIsRegisteredForReflection() {
        Set<JavaClass> wire = JsonWireTypes.in(CLASSES);
        Set<String> registered = registered(CLASSES);

        // Fewer would mean the search lost its way (a renamed RequestBodies, say): there are over fifty today.
        assertThat(wire).as("JSON bodies found").hasSizeGreaterThan(40);
        assertThat(wire.stream().map(JavaClass::getName).filter(name -> !registered.contains(name)).toList())
                .as("bodies Jackson reads or writes by reflection that a native build would not register").isEmpty();
    }

    /** Every class annotated {@code @RegisterForReflection}, and every class one names in its {@code targets}. */
    private static Set<String> registered(JavaClasses classes) {
        Set<String> names = new HashSet<>();
        for (JavaClass type : classes) {
            for (JavaAnnotation<JavaClass> annotation : type.getAnnotations()) {
                if (annotation.getRawType().getName().equals(REGISTER)) {
                    Object[] targets = (Object[]) annotation.get("targets").orElse(new Object[0]);
                    if (targets.length == 0) {
                        names.add(type.getName());
                    }
                    for (Object target : targets) {
                        names.add(((JavaClass) target).getName());
                    }
                }
            }
        }
        return names;
    }
}
