package dev.recaudo.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.fields;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;

/**
 * The walls of the hexagon, stated in code. The build fails when one is crossed; each rule says
 * why it exists.
 */
@AnalyzeClasses(packages = "dev.recaudo", importOptions = ImportOption.DoNotIncludeTests.class)
class ArchitectureTest {

    private static final String[] FRAMEWORKS = {
        "io.quarkus..", "jakarta..", "javax.inject..", "javax.persistence..", "org.hibernate..",
        "com.fasterxml..", "io.vertx..", "io.smallrye..", "org.eclipse.microprofile..", "org.jboss..",
        "org.flywaydb..", "io.agroal..", "org.postgresql..", "at.favre..", "io.opentelemetry.."
    };

    @ArchTest
    static final ArchRule domainIsPlainJava = noClasses().that().resideInAPackage("dev.recaudo.domain..")
            .should().dependOnClassesThat().resideInAnyPackage(FRAMEWORKS)
            .because("the ledger domain must run, and be tested, with nothing but the JDK: frameworks change, "
                    + "money rules must not");

    @ArchTest
    static final ArchRule applicationIsPlainJava = noClasses().that().resideInAPackage("dev.recaudo.application..")
            .should().dependOnClassesThat().resideInAnyPackage(FRAMEWORKS)
            .because("use cases must run in plain unit tests without a container; transactions and time come "
                    + "through ports");

    @ArchTest
    static final ArchRule domainDoesNotKnowUseCases = noClasses().that().resideInAPackage("dev.recaudo.domain..")
            .should().dependOnClassesThat().resideInAPackage("dev.recaudo.application..")
            .because("dependencies point inwards: the domain is the centre and knows nothing of its callers");

    @ArchTest
    static final ArchRule coreDoesNotKnowAdapters = noClasses()
            .that().resideInAnyPackage("dev.recaudo.domain..", "dev.recaudo.application..")
            .should().dependOnClassesThat().resideInAnyPackage(
                    "dev.recaudo.rest..", "dev.recaudo.persistence..", "dev.recaudo.webhooks..", "dev.recaudo.stripe..",
                    "dev.recaudo.bootstrap..")
            .because("the core talks to the outside only through ports it owns, so an adapter can be replaced");

    @ArchTest
    static final ArchRule restDoesNotUseOtherAdapters = noClasses().that().resideInAPackage("dev.recaudo.rest..")
            .should().dependOnClassesThat().resideInAnyPackage(
                    "dev.recaudo.persistence..", "dev.recaudo.webhooks..", "dev.recaudo.bootstrap..")
            .because("adapters meet only through the core's ports; a REST class reaching into SQL would bypass "
                    + "the use cases and their rules");

    @ArchTest
    static final ArchRule persistenceDoesNotUseOtherAdapters = noClasses().that().resideInAPackage("dev.recaudo.persistence..")
            .should().dependOnClassesThat().resideInAnyPackage(
                    "dev.recaudo.rest..", "dev.recaudo.webhooks..", "dev.recaudo.bootstrap..")
            .because("adapters meet only through the core's ports, so each can change without the others");

    @ArchTest
    static final ArchRule webhooksDoNotUseOtherAdapters = noClasses().that().resideInAPackage("dev.recaudo.webhooks..")
            .should().dependOnClassesThat().resideInAnyPackage(
                    "dev.recaudo.rest..", "dev.recaudo.persistence..", "dev.recaudo.bootstrap..")
            .because("adapters meet only through the core's ports, so each can change without the others")
            .allowEmptyShould(true);

    @ArchTest
    static final ArchRule onlyTheStripeAdapterKnowsStripe = noClasses().that().resideOutsideOfPackage("dev.recaudo.stripe..")
            .should().dependOnClassesThat().resideInAPackage("com.stripe..")
            .because("Stripe's SDK types stay inside adapter-stripe: the core and the other adapters see a card rail "
                    + "through the application's ports, so the processor can change without them");

    @ArchTest
    static final ArchRule stripeDoesNotUseOtherAdapters = noClasses().that().resideInAPackage("dev.recaudo.stripe..")
            .should().dependOnClassesThat().resideInAnyPackage(
                    "dev.recaudo.rest..", "dev.recaudo.persistence..", "dev.recaudo.webhooks..", "dev.recaudo.bootstrap..")
            .because("adapters meet only through the core's ports, so each can change without the others");

    @ArchTest
    static final ArchRule cdiOnlyAtTheEdges = noClasses()
            .that().resideOutsideOfPackages(
                    "dev.recaudo.bootstrap..", "dev.recaudo.rest..", "dev.recaudo.persistence..", "dev.recaudo.webhooks..")
            .should().dependOnClassesThat().resideInAnyPackage("jakarta.enterprise..", "jakarta.inject..", "io.quarkus.arc..")
            .because("dependency injection is wiring, and wiring belongs to bootstrap-quarkus and the adapters; "
                    + "the core is assembled by hand in CoreWiring");

    /** An inbound port: an interface of the application named {@code *UseCase} or {@code *Queries}. */
    private static final DescribedPredicate<JavaClass> USE_CASE_PORT = DescribedPredicate.describe(
            "a use-case interface of the application",
            type -> type.getPackageName().startsWith("dev.recaudo.application")
                    && (type.getSimpleName().endsWith("UseCase") || type.getSimpleName().endsWith("Queries")));

    /** What implements an inbound port: an application class named {@code *Service}, or one implementing a port. */
    private static final DescribedPredicate<JavaClass> USE_CASE_SERVICE = DescribedPredicate.describe(
            "are use-case services of the application (*Service classes, or classes implementing a use-case interface)",
            type -> type.getPackageName().startsWith("dev.recaudo.application") && !type.isInterface()
                    && (type.getSimpleName().endsWith("Service") || type.getAllRawInterfaces().stream().anyMatch(USE_CASE_PORT)));

    @ArchTest
    static final ArchRule useCaseServicesImplementTheirPort = classes()
            .that().resideInAPackage("dev.recaudo.application..").and().haveSimpleNameEndingWith("Service")
            .should().implement(USE_CASE_PORT)
            .because("each inbound port has one service, which implements it");

    @ArchTest
    static final ArchRule adaptersDependOnUseCasesNotServices = noClasses()
            .that().resideInAnyPackage("dev.recaudo.rest..", "dev.recaudo.persistence..", "dev.recaudo.webhooks..")
            .should().dependOnClassesThat(USE_CASE_SERVICE)
            .because("callers depend on the use-case interface (the inbound port), not on the service behind it, "
                    + "so the service can change or be replaced without touching them");

    /**
     * The compiler copies a constant (a static final primitive or String) into every class that
     * reads it, so the bytecode {@link #adaptersDependOnUseCasesNotServices} checks shows no
     * dependency on the service that declared it. This rule closes that gap.
     */
    @ArchTest
    static final ArchRule useCaseServicesPublishNoConstants = fields()
            .that().areDeclaredInClassesThat(USE_CASE_SERVICE).and().areStatic().and().areFinal()
            .and().haveRawType(DescribedPredicate.describe("a primitive or String type",
                    (JavaClass type) -> type.isPrimitive() || type.isEquivalentTo(String.class)))
            .should().notBePublic()
            .because("a constant callers need belongs to the use-case interface or the domain: a service's would "
                    + "make callers depend on the service, where no dependency check can see it");

    @ArchTest
    static final ArchRule noBusinessRulesInBootstrap = noClasses().that().resideInAPackage("dev.recaudo.bootstrap..")
            .should().dependOnClassesThat().resideInAnyPackage("java.sql..", "javax.sql..")
            .because("bootstrap wires and configures; storage belongs to adapter-persistence");
}
