package dev.recaudo.architecture;

import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.lang.EvaluationResult;
import dev.recaudo.application.invoice.InvoiceLifecycleService;
import dev.recaudo.application.invoice.InvoiceLifecycleUseCase;
import dev.recaudo.rest.archviolation.RestUsingAPort;
import dev.recaudo.rest.archviolation.RestUsingAService;
import dev.recaudo.rest.archviolation.RestUsingStripe;
import dev.recaudo.stripe.StripeRail;
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

    /** A constant of a service read by a REST class is a dependency on the service, as a call would be. */
    @Test
    void givenRestClassUsingAUseCaseService_whenChecked_thenOnlyThePortRuleFailsAndOnlyForTheService() {
        JavaClasses classes = new ClassFileImporter().importClasses(RestUsingAService.class, RestUsingAPort.class,
                InvoiceLifecycleService.class, InvoiceLifecycleUseCase.class);
        EvaluationResult result = ArchitectureTest.adaptersDependOnUseCasesNotServices.evaluate(classes);
        assertThat(result.hasViolation()).isTrue();
        assertThat(result.getFailureReport().getDetails()).isNotEmpty()
                .allMatch(line -> line.contains(RestUsingAService.class.getName()))
                .anyMatch(line -> line.contains(InvoiceLifecycleService.class.getName()));
    }

    @Test
    void givenUseCaseServicePublishingAConstant_whenChecked_thenTheConstantRuleFailsForThatConstantOnly() {
        EvaluationResult result = ArchitectureTest.useCaseServicesPublishNoConstants
                .evaluate(violations("dev.recaudo.application.archviolation"));
        assertThat(result.getFailureReport().getDetails()).singleElement().asString().contains("RESERVED_PREFIX");
    }

    /** Stripe's SDK stays in adapter-stripe: a REST class touching it is reported, the adapter itself is not. */
    @Test
    void givenRestClassUsingAStripeType_whenChecked_thenTheStripeRuleFailsForItOnly() {
        EvaluationResult result = ArchitectureTest.onlyTheStripeAdapterKnowsStripe
                .evaluate(new ClassFileImporter().importClasses(RestUsingStripe.class, StripeRail.class));
        assertThat(result.getFailureReport().getDetails()).isNotEmpty()
                .allMatch(line -> line.contains(RestUsingStripe.class.getName()));
    }
}
