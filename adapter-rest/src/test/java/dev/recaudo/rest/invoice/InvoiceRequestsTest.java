package dev.recaudo.rest.invoice;

import static dev.recaudo.rest.common.Refusals.refusal;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.recaudo.application.apikey.ApiKeyAuthenticationUseCase.KeyPrincipal;
import dev.recaudo.application.invoice.InvoiceLifecycleUseCase.CreateInvoice;
import dev.recaudo.domain.apikey.ApiKey;
import dev.recaudo.domain.apikey.ApiKeyId;
import dev.recaudo.domain.apikey.KeyEnvironment;
import dev.recaudo.domain.apikey.Permission;
import dev.recaudo.domain.company.CompanyId;
import dev.recaudo.domain.money.CurrencyCode;
import dev.recaudo.domain.money.Money;
import dev.recaudo.rest.common.ApiProblem;
import dev.recaudo.rest.common.DateRange;
import dev.recaudo.rest.common.Problem;
import dev.recaudo.rest.common.RequestValidation;
import jakarta.validation.Validation;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * The public invoice bodies read into their records: JSON type problems, annotation violations and the
 * rules written by hand come back in one answer, in the fields' order, with the spec's messages.
 */
class InvoiceRequestsTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final RequestValidation VALIDATION =
            new RequestValidation(Validation.buildDefaultValidatorFactory());
    private static final KeyPrincipal KEY = new KeyPrincipal(new ApiKey(new ApiKeyId(UUID.randomUUID()),
            new ApiKeyId(UUID.randomUUID()), new CompanyId(UUID.randomUUID()), "erp key", "rk_live_abc", "hash",
            Set.of(Permission.PUBLIC_INVOICES_WRITE), Optional.of("erp"), KeyEnvironment.LIVE, 60, Instant.EPOCH,
            Optional.empty(), Optional.empty()), true, Optional.of(CurrencyCode.USD));

    private static JsonNode json(String text) {
        try {
            return JSON.readTree(text.replace('\'', '"'));
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }

    @Test
    void givenEveryFieldWrong_whenCreating_thenEachFieldOnceInBodyOrderWithTheSpecsWords() {
        JsonNode body = json("{'reference':1,'provider':'','amount':'20','name':'A','provider_id':'" + "x".repeat(256)
                + "','description':'abc','phone':'+5841','email':'not an address','due_date':'2026-02-30','metadata':[]}");
        ApiProblem problem = refusal(() -> InvoiceRequests.creation(VALIDATION, KEY, CurrencyCode.USD, "k1", body));
        assertThat(problem.problem()).isEqualTo(Problem.VALIDATION);
        assertThat(problem.getMessage()).isEqualTo("The request is invalid: reference must be a string; "
                + "provider must have 1 to 64 characters; amount must be a number; name must have 2 to 100 characters; "
                + "provider_id must have 1 to 255 characters; description must have 4 to 2000 characters; "
                + "phone must match ^\\+[1-9][0-9]{7,14}$; "
                + "email must be a valid e-mail address of at most 200 characters; "
                + "due_date must be a real date written YYYY-MM-DD, " + DateRange.DATES + "; metadata must be a JSON object");
    }

    @Test
    void givenRequiredFieldsAbsent_whenCreating_thenEachIsRequired() {
        ApiProblem problem = refusal(() -> InvoiceRequests.creation(VALIDATION, KEY, CurrencyCode.USD, "k1", json("{'due_date':7}")));
        assertThat(problem.getMessage()).isEqualTo("The request is invalid: reference is required; provider is required; "
                + "amount is required; name is required; due_date must be a date written YYYY-MM-DD");
    }

    @Test
    void givenShapesRightButRulesAcrossFieldsBroken_whenCreating_thenThoseFollowTheShapeProblems() {
        JsonNode body = json("{'reference':'---','provider':'other','amount':0.001,'name':'A',"
                + "'provider_id':'x-idempotency:1'}");
        ApiProblem problem = refusal(() -> InvoiceRequests.creation(VALIDATION, KEY, CurrencyCode.USD, "k1", body));
        assertThat(problem.getMessage()).isEqualTo("The request is invalid: name must have 2 to 100 characters; "
                + "reference must contain letters or digits; provider must equal the source of the API key (erp); "
                + "provider_id must not start with x-idempotency: (reserved for invoices identified by their idempotency key); "
                + "amount must be a multiple of 0.01");
    }

    @Test
    void givenValidBody_whenCreating_thenCommandInMinorUnitsWithTrimmedEmailAndMidnightDueDate() {
        JsonNode body = json("{'reference':'V-12.345.678','provider':'erp','amount':1234.5,'name':'Ana','phone':'+584125550101',"
                + "'email':'  ana@example.com ','due_date':'2026-12-31','metadata':{'b':1,'a':[true]},'colour':'red'}");
        CreateInvoice command = InvoiceRequests.creation(VALIDATION, KEY, CurrencyCode.USD, "k1", body);
        assertThat(command.amount()).isEqualTo(Money.of(123_450, CurrencyCode.USD));
        assertThat(command.details().email()).contains("ana@example.com");
        assertThat(command.details().dueAt()).contains(Instant.parse("2026-12-31T00:00:00Z"));
        assertThat(command.metadataJson()).contains("{\"b\":1,\"a\":[true]}");
        assertThat(command.providerId()).isEmpty();
    }

    @Test
    void givenBlankEmail_whenReplacing_thenEmailAbsentAndAmountLeftForTheInvoicesCurrency() {
        InvoiceRequests.Replacement replacement = InvoiceRequests.replacement(VALIDATION,
                json("{'reference':'V-12.345.678','amount':20.50,'name':'Ana','email':'   '}"));
        assertThat(replacement.details().email()).isEmpty();
        assertThat(replacement.amount()).isEqualByComparingTo(new BigDecimal("20.50"));
    }

    @Test
    void givenUnknownPropertiesAndBadFields_whenReplacing_thenUnknownFirstThenFieldsInOrder() {
        ApiProblem problem = refusal(() -> InvoiceRequests.replacement(VALIDATION,
                json("{'name':'A','colour':'red','reference':'V-1','amount':true,'metadata':{}}")));
        assertThat(problem.getMessage()).isEqualTo("The request is invalid: colour is not an accepted property; "
                + "metadata is not an accepted property; reference must have 5 to 100 characters; amount must be a number; "
                + "name must have 2 to 100 characters");
    }

    @Test
    void givenProvider_whenReplacing_thenConflictBeforeAnyFieldProblem() {
        ApiProblem problem = refusal(() -> InvoiceRequests.replacement(VALIDATION, json("{'provider':'erp','name':1}")));
        assertThat(problem.problem()).isEqualTo(Problem.CONFLICT);
        assertThat(problem.errors()).containsOnlyKeys("provider");
    }

    @Test
    void givenDeletionBodies_whenRead_thenShapeThenReasonRules() {
        assertThat(InvoiceRequests.deletion(VALIDATION, " ", JSON).providerPaymentId()).isEmpty();
        assertThat(InvoiceRequests.deletion(VALIDATION, "{\"reason\":\"PAID_FROM_PROVIDER\",\"provider_payment_id\":\"t-1\"}",
                JSON).providerPaymentId()).contains("t-1");
        assertThat(refusal(() -> InvoiceRequests.deletion(VALIDATION, "{\"extra\":1,\"reason\":\"\",\"provider_payment_id\":2}",
                JSON)).getMessage()).isEqualTo("The request is invalid: extra is not an accepted property; "
                + "reason must have 1 to 64 characters; provider_payment_id must be a string");
        assertThat(refusal(() -> InvoiceRequests.deletion(VALIDATION, "{\"reason\":\"PAID_FROM_PROVIDER\"}", JSON)).errors())
                .containsEntry("provider_payment_id", List.of("is required with PAID_FROM_PROVIDER"));
        assertThat(refusal(() -> InvoiceRequests.deletion(VALIDATION, "{\"provider_payment_id\":\"t-1\"}", JSON)).errors())
                .containsEntry("provider_payment_id", List.of("goes only with PAID_FROM_PROVIDER"));
    }
}
