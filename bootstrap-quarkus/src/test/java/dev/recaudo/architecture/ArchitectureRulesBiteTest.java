package dev.recaudo.architecture;

import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import org.junit.jupiter.api.Test;

/**
 * The rules of {@link ArchitectureTest} would be worthless if they passed on anything. These
 * deliberate violations, kept in test sources, must each be reported.
 */
class ArchitectureRulesBiteTest {

    private static JavaClasses violations(String packageName) {
        return new ClassFileImporter().importPackages(packageName);
    }

    @Test
    void givenDomainClassUsingCdiAndJackson_whenChecked_thenFrameworkAndCdiRulesFail() {
        JavaClasses classes = violations("dev.recaudo.domain.archviolation");
        assertThat(ArchitectureTest.domainIsPlainJava.evaluate(classes).hasViolation()).isTrue();
        assertThat(ArchitectureTest.cdiOnlyAtTheEdges.evaluate(classes).hasViolation()).isTrue();
    }

    @Test
    void givenRestClassUsingPersistence_whenChecked_thenAdapterRuleFails() {
        JavaClasses classes = violations("dev.recaudo.rest.archviolation");
        assertThat(ArchitectureTest.restDoesNotUseOtherAdapters.evaluate(classes).hasViolation()).isTrue();
    }
}
