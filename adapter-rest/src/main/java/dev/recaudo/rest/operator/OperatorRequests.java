package dev.recaudo.rest.operator;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.recaudo.application.company.CompanyAdministrationUseCase.OnboardCompany;
import dev.recaudo.application.company.CompanyAdministrationUseCase.ReferenceCurrencyChange;
import dev.recaudo.application.company.CompanyAdministrationUseCase.UpdateCompany;
import dev.recaudo.domain.company.Company;
import dev.recaudo.domain.company.CompanyId;
import dev.recaudo.domain.money.CurrencyCode;
import dev.recaudo.rest.common.FieldErrors;
import dev.recaudo.rest.common.RequestValidation;
import dev.recaudo.rest.common.validation.EmailText;
import dev.recaudo.rest.common.validation.Text;
import io.quarkus.runtime.annotations.RegisterForReflection;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import java.time.ZoneId;
import java.util.Iterator;
import java.util.Optional;
import java.util.Set;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** The operator's request bodies, checked and read into the use case's commands. */
final class OperatorRequests {

    static final String NAME_RULE = "must have 1 to " + Company.NAME_LENGTH_MAX + " characters";
    static final int DISPLAY_PHONE_MAX = 32;
    static final String DISPLAY_PHONE_RULE = "must have 1 to " + DISPLAY_PHONE_MAX + " characters";
    static final String TIME_ZONE_RULE = "must be UTC or a region of the IANA time zone database, such as America/Bogota";
    static final String PHONE_NUMBER_ID_RULE = "must be the WhatsApp phone_number_id: 1 to 64 digits";

    private OperatorRequests() {}

    /** The address is kept as sent; it is judged trimmed. */
    public record AdminCredentials(
            @EmailText(required = true, trimmed = true, refused = EmailText.VALID) String email,
            @AdminPassword String password) {}

    /** Absent, the company is enabled, has no reference currency, and counts its days in UTC. */
    public record CreateCompanyRequest(
            @Text(max = Company.NAME_LENGTH_MAX, required = true, trimmed = true, refused = NAME_RULE) String name,
            String referenceCurrency,
            Boolean enabled,
            @NotNull(message = "is required") @Valid AdminCredentials admin,
            @Schema(example = "America/Bogota") String timeZone) {}

    /** The body of a partial update, for the OpenAPI document: absent fields keep their value. */
    @RegisterForReflection
    @Schema(additionalProperties = Schema.False.class)
    public record UpdateCompanyRequest(Boolean enabled, @Schema(nullable = true) String referenceCurrency,
            @Schema(example = "America/Bogota") String timeZone) {}

    /** The display number is kept trimmed; it is measured as sent. */
    public record RegisterOriginRequest(
            @NotNull(message = PHONE_NUMBER_ID_RULE) @Pattern(regexp = "^[0-9]{1,64}$", message = PHONE_NUMBER_ID_RULE)
            String phoneNumberId,
            @Text(max = DISPLAY_PHONE_MAX, required = true, refused = DISPLAY_PHONE_RULE) String displayPhoneNumber) {}

    /**
     * The shape rules are the records' annotations; the reference currency is a name the domain
     * reads, read here, its problem in its field's place in the answer.
     */
    static OnboardCompany onboarding(RequestValidation validation, CreateCompanyRequest body) {
        RequestValidation.required(body);
        FieldErrors read = new FieldErrors();
        Optional<CurrencyCode> currency = Optional.ofNullable(body.referenceCurrency()).flatMap(CurrencyCode::parse);
        if (body.referenceCurrency() != null && currency.isEmpty()) {
            read.add("referenceCurrency", currencyRule());
        }
        Optional<ZoneId> zone = Optional.ofNullable(body.timeZone()).flatMap(Company::timeZoneNamed);
        if (body.timeZone() != null && zone.isEmpty()) {
            read.add("timeZone", TIME_ZONE_RULE);
        }
        FieldErrors errors = new FieldErrors();
        validation.check(body, read, errors);
        errors.throwIfAny();
        return new OnboardCompany(body.name().trim(), currency, body.enabled() == null || body.enabled(),
                body.admin().email(), body.admin().password(), zone.orElse(Company.DEFAULT_TIME_ZONE));
    }

    /**
     * A partial update, read from the JSON tree: an absent field keeps its value and a null
     * {@code referenceCurrency} removes it, which a bound record could not tell apart, so each
     * property is read here in the order sent, with its JSON type.
     */
    static UpdateCompany update(CompanyId id, ObjectNode body) {
        RequestValidation.required(body);
        FieldErrors errors = new FieldErrors();
        Optional<Boolean> enabled = Optional.empty();
        Optional<ReferenceCurrencyChange> currency = Optional.empty();
        Optional<ZoneId> zone = Optional.empty();
        for (Iterator<String> names = body.fieldNames(); names.hasNext(); ) {
            String field = names.next();
            JsonNode value = body.get(field);
            switch (field) {
                case "enabled" -> {
                    if (value.isBoolean()) {
                        enabled = Optional.of(value.booleanValue());
                    } else {
                        errors.add("enabled", "must be true or false");
                    }
                }
                case "referenceCurrency" -> {
                    if (value.isNull()) {
                        currency = Optional.of(new ReferenceCurrencyChange(Optional.empty()));
                    } else if (value.isTextual() && CurrencyCode.parse(value.textValue()).isPresent()) {
                        currency = Optional.of(new ReferenceCurrencyChange(CurrencyCode.parse(value.textValue())));
                    } else {
                        errors.add("referenceCurrency", currencyRule());
                    }
                }
                case "timeZone" -> {
                    zone = value.isTextual() ? Company.timeZoneNamed(value.textValue()) : Optional.empty();
                    if (zone.isEmpty()) {
                        errors.add("timeZone", TIME_ZONE_RULE);
                    }
                }
                default -> errors.add(field, "is not an accepted property");
            }
        }
        errors.throwIfAny();
        return new UpdateCompany(id, enabled, currency, zone);
    }

    static RegisterOriginRequest origin(RequestValidation validation, RegisterOriginRequest body) {
        RequestValidation.required(body);
        FieldErrors errors = new FieldErrors();
        validation.check(body, errors);
        errors.throwIfAny();
        return body;
    }

    private static String currencyRule() {
        return "must be null or one of " + Set.of(CurrencyCode.values());
    }
}
