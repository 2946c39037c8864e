package dev.recaudo.rest.integration;

import static dev.recaudo.rest.integration.RequestFixtures.KEY;
import static dev.recaudo.rest.integration.RequestFixtures.VALIDATION;
import static dev.recaudo.rest.integration.RequestFixtures.invalid;
import static dev.recaudo.rest.integration.RequestFixtures.json;
import static dev.recaudo.rest.integration.RequestFixtures.read;
import static dev.recaudo.rest.integration.RequestFixtures.refusal;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.core.JsonProcessingException;
import dev.recaudo.domain.customer.CustomerProfile;
import dev.recaudo.domain.customer.CustomerProfile.CustomerType;
import dev.recaudo.rest.common.ApiProblem;
import dev.recaudo.rest.common.Problem;
import dev.recaudo.rest.integration.CustomerRequests.UpsertCustomerRequest;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** A customer upsert read into the customer's profile: the spec's field names and messages, every problem in one answer. */
class CustomerRequestsTest {

    private static CustomerProfile upsert(String body) throws JsonProcessingException {
        return CustomerRequests.upsert(VALIDATION, KEY, read(json(body), UpsertCustomerRequest.class));
    }

    @Test
    void givenPaddedOptionalTexts_whenRead_thenKeptTrimmedAndBlankOnesAbsent() throws JsonProcessingException {
        CustomerProfile profile = upsert("{'source':'acme-erp','externalCustomerId':'C-1','type':'business','name':' Ana ',"
                + "'email':' ana@example.com ','phone':' ','taxId':' J-1 ','customerCode':'K-1'}");
        assertThat(profile).isEqualTo(new CustomerProfile(Optional.of(CustomerType.BUSINESS), " Ana ",
                Optional.of("ana@example.com"), Optional.empty(), Optional.of("J-1"), Optional.of("K-1")));
        assertThat(upsert("{'source':'acme-erp','externalCustomerId':'C-1','name':'Ana'}").type()).isEmpty();
    }

    @Test
    void givenEveryFieldInvalid_whenRead_thenEachNamedInBodyOrder() {
        assertThat(refusal(() -> upsert("{'source':'','externalCustomerId':'  ','type':'Business','name':'',"
                + "'email':'ana@example','phone':'" + "1".repeat(33) + "','taxId':'" + "t".repeat(256) + "','customerCode':'"
                + "c".repeat(101) + "'}")))
                .isEqualTo(invalid(
                        "source is required",
                        "externalCustomerId is required",
                        "type must be individual or business",
                        "name is required, at most 200 characters",
                        "email must be a valid e-mail address",
                        "phone must have at most 32 characters",
                        "taxId must have at most 255 characters",
                        "customerCode must have at most 100 characters"));
    }

    @Test
    void givenLongIdNameAndAddress_whenRead_thenEachLimitNamed() {
        String email = "a".repeat(195) + "@example.com";
        assertThat(refusal(() -> upsert("{'externalCustomerId':'" + "x".repeat(256) + "','name':'" + "n".repeat(201)
                + "','email':'" + email + "'}")))
                .isEqualTo(invalid(
                        "source is required",
                        "externalCustomerId must have at most 255 characters",
                        "name is required, at most 200 characters",
                        "email must have at most 200 characters",
                        "email must be a valid e-mail address"));
    }

    @Test
    void givenAnotherPartnersSource_whenRead_thenSourceMismatchWhateverElseIsWrong() {
        assertThatThrownBy(() -> upsert("{'source':'other-erp','externalCustomerId':'','name':''}"))
                .isInstanceOfSatisfying(ApiProblem.class, problem -> assertThat(problem.problem()).isEqualTo(Problem.SOURCE_MISMATCH));
    }

    @Test
    void givenANumberForAText_orAnUnknownProperty_whenRead_thenRefusedByTheStrictReader() {
        assertThatThrownBy(() -> upsert("{'source':'acme-erp','externalCustomerId':'C-1','name':'Ana','phone':5550001}"))
                .isInstanceOf(JsonProcessingException.class);
        assertThatThrownBy(() -> upsert("{'source':'acme-erp','externalCustomerId':'C-1','name':'Ana','nickname':'A'}"))
                .isInstanceOf(JsonProcessingException.class);
    }
}
