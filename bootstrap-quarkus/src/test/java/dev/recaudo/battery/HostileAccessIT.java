package dev.recaudo.battery;

import dev.recaudo.e2e.access.AdministrationCredentialsChecks;
import dev.recaudo.e2e.access.BulkAnnulmentScopeChecks;
import dev.recaudo.e2e.access.HostileTokensChecks;
import dev.recaudo.e2e.access.MassAssignmentChecks;
import dev.recaudo.e2e.access.ObjectAccessMatrixChecks;
import dev.recaudo.e2e.access.ReadOnlyKeyChecks;
import dev.recaudo.e2e.access.SharedValuesAcrossCompaniesChecks;
import org.junit.jupiter.api.Nested;

/**
 * Issue 12, hostile access on two instances: the object-level authorization matrix (company A
 * against B, partner A1 against A2, from the route table of an instance's {@code /q/openapi}), a
 * read-only key on every write, forged tokens, mass assignment, values shared across companies,
 * API keys on the administration API and the bulk annulment's scope, each the very check its
 * {@code @QuarkusTest} runs, with requests alternating between the instances and I1-I4 after each.
 */
class HostileAccessIT extends HostileChecks {

    @Nested
    class ObjectAccessMatrix extends ObjectAccessMatrixChecks {}

    @Nested
    class ReadOnlyKey extends ReadOnlyKeyChecks {}

    @Nested
    class HostileTokens extends HostileTokensChecks {}

    @Nested
    class MassAssignment extends MassAssignmentChecks {}

    @Nested
    class SharedValuesAcrossCompanies extends SharedValuesAcrossCompaniesChecks {}

    @Nested
    class AdministrationCredentials extends AdministrationCredentialsChecks {}

    @Nested
    class BulkAnnulmentScope extends BulkAnnulmentScopeChecks {}
}
