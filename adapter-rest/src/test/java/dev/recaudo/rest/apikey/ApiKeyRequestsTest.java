package dev.recaudo.rest.apikey;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.recaudo.domain.apikey.ApiKeySpec;
import dev.recaudo.domain.apikey.KeyEnvironment;
import dev.recaudo.domain.apikey.Permission;
import dev.recaudo.rest.apikey.ApiKeyRequests.CreateKeyRequest;
import dev.recaudo.rest.common.ApiProblem;
import dev.recaudo.rest.common.RequestValidation;
import dev.recaudo.rest.common.RestSettings;
import jakarta.validation.Validation;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** An API key's creation body: annotations and the names read by hand answer together, in field order. */
class ApiKeyRequestsTest {

    private static final RequestValidation VALIDATION =
            new RequestValidation(Validation.buildDefaultValidatorFactory());

    /** The configured limits, as a record whose accessors are the settings' methods. */
    private record Limits(int activeMax, int rpmDefault, int rpmMax) implements RestSettings.ApiKeys {}

    private static final RestSettings.ApiKeys LIMITS = new Limits(10, 60, 600);

    @Test
    void givenEveryFieldWrong_whenRead_thenEachInFieldOrderWithUnknownPermissionsAsSent() {
        CreateKeyRequest body = new CreateKeyRequest("   ", List.of("root", "payments:read", "admin"), "x".repeat(65),
                "prod", 0);
        assertThatThrownBy(() -> ApiKeyRequests.spec(VALIDATION, body, LIMITS)).isInstanceOfSatisfying(ApiProblem.class,
                problem -> assertThat(problem.getMessage()).isEqualTo("The request is invalid: name must have 1 to 100 characters; "
                        + "permissions has an unknown permission: root; permissions has an unknown permission: admin; "
                        + "source must have 1 to 64 characters; environment must be live or test; "
                        + "rateLimitRpm must be between 1 and 600"));
    }

    @Test
    void givenNoNameAndEmptyPermissions_whenRead_thenNameRuleAndAtLeastOne() {
        assertThatThrownBy(() -> ApiKeyRequests.spec(VALIDATION, new CreateKeyRequest(null, List.of(), null, null, null), LIMITS))
                .isInstanceOfSatisfying(ApiProblem.class, problem -> assertThat(problem.getMessage()).isEqualTo(
                        "The request is invalid: name must have 1 to 100 characters; "
                                + "permissions must name at least one permission when present"));
    }

    @Test
    void givenMissingBody_whenRead_thenBodyIsRequired() {
        assertThatThrownBy(() -> ApiKeyRequests.spec(VALIDATION, null, LIMITS)).isInstanceOfSatisfying(ApiProblem.class,
                problem -> assertThat(problem.errors()).containsEntry("body", List.of("is required")));
    }

    @Test
    void givenNamesWithOuterSpaces_whenRead_thenTrimmedAndDefaultsApplied() {
        String name = " " + "n".repeat(100) + " ";
        ApiKeySpec spec = ApiKeyRequests.spec(VALIDATION, new CreateKeyRequest(name, null, " erp ", null, null), LIMITS);
        assertThat(spec.name()).isEqualTo("n".repeat(100));
        assertThat(spec.source()).isEqualTo(Optional.of("erp"));
        assertThat(spec.permissions()).isEqualTo(Permission.DEFAULTS);
        assertThat(spec.environment()).isEqualTo(KeyEnvironment.LIVE);
        assertThat(spec.rateLimitRpm()).isEqualTo(60);
    }
}
