package dev.recaudo.rest.checkout;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.recaudo.application.apikey.ApiKeyAuthenticationUseCase.KeyPrincipal;
import dev.recaudo.application.checkout.CheckoutHelperUseCase.PayerDetails;
import dev.recaudo.application.checkout.CheckoutHelperUseCase.ProductDraft;
import dev.recaudo.domain.common.EmailAddress;
import dev.recaudo.domain.money.CurrencyCode;
import dev.recaudo.domain.money.Money;
import dev.recaudo.domain.product.Product;
import dev.recaudo.rest.common.ApiProblem;
import dev.recaudo.rest.common.FieldErrors;
import dev.recaudo.rest.common.PathIds;
import dev.recaudo.rest.common.Problem;
import java.util.Iterator;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.regex.Pattern;

/** The checkout helper's request bodies, checked and read into the use case's commands. */
final class CheckoutRequests {

    /** The product currencies of the checkout helper (service-spec.md). */
    static final Set<CurrencyCode> PRODUCT_CURRENCIES =
            Set.of(CurrencyCode.USD, CurrencyCode.VES, CurrencyCode.COP, CurrencyCode.MXN);
    static final int SKU_MAX = 100;
    static final int NAME_MAX = 200;
    static final int DESCRIPTION_MAX = 2000;
    static final int IDENTITY_DOCUMENT_MAX = 64;
    static final int METADATA_KEY_MAX = 40;
    static final int METADATA_VALUE_MAX = 500;
    private static final Pattern PHONE = Pattern.compile("^\\+[1-9][0-9]{7,14}$");

    private CheckoutRequests() {}

    @JsonIgnoreProperties(ignoreUnknown = true)
    public record ResolveCustomerRequest(String companyId, String email, String name, String phone, String identityDocument) {}

    @JsonIgnoreProperties(ignoreUnknown = true)
    public record ProductRequest(String companyId, String sku, String name, String description, Long amountMinor,
            String currency, JsonNode metadata) {}

    /**
     * A {@code companyId} that is not the token's company is refused as a missing resource: a token
     * learns nothing about other companies, not even that they exist.
     */
    static void requireOwnCompany(KeyPrincipal key, String companyId, FieldErrors errors) {
        if (companyId == null) {
            errors.add("companyId", "is required");
            return;
        }
        checkOwnCompany(key, companyId, errors);
    }

    /** As {@link #requireOwnCompany}, but an absent {@code companyId} means the token's company. */
    private static void checkOwnCompany(KeyPrincipal key, String companyId, FieldErrors errors) {
        if (companyId == null) {
            return;
        }
        Optional<UUID> id = PathIds.parse(companyId);
        if (id.isEmpty()) {
            errors.add("companyId", "must be a UUID");
        } else if (!id.get().equals(key.companyId().value())) {
            errors.throwIfAny();
            throw new ApiProblem(Problem.NOT_FOUND, "No such company");
        }
    }

    static PayerDetails payer(KeyPrincipal key, ResolveCustomerRequest body) {
        FieldErrors errors = new FieldErrors();
        requireOwnCompany(key, body.companyId(), errors);
        if (body.email() == null) {
            errors.add("email", "is required");
        } else if (!EmailAddress.isValid(body.email())) {
            errors.add("email", "must be an e-mail address of at most " + EmailAddress.LENGTH_MAX + " characters");
        }
        text(errors, "name", body.name(), true, NAME_MAX);
        if (body.phone() != null && !PHONE.matcher(body.phone()).matches()) {
            errors.add("phone", "must match ^\\+[1-9][0-9]{7,14}$");
        }
        text(errors, "identityDocument", body.identityDocument(), false, IDENTITY_DOCUMENT_MAX);
        errors.throwIfAny();
        return new PayerDetails(key.scope(), body.email(), body.name(), Optional.ofNullable(body.phone()),
                Optional.ofNullable(body.identityDocument()));
    }

    /** The spec marks {@code companyId} required for a payer but not for a product: absent, it is the token's company. */
    static ProductDraft product(KeyPrincipal key, ProductRequest body) {
        FieldErrors errors = new FieldErrors();
        checkOwnCompany(key, body.companyId(), errors);
        text(errors, "sku", body.sku(), true, SKU_MAX);
        PathIds.requireSegment("sku", body.sku(), errors);
        text(errors, "name", body.name(), true, NAME_MAX);
        text(errors, "description", body.description(), false, DESCRIPTION_MAX);
        if (body.amountMinor() == null) {
            errors.add("amountMinor", "is required");
        } else if (body.amountMinor() < 0 || body.amountMinor() > Money.AMOUNT_MINOR_MAX) {
            errors.add("amountMinor", "must be an integer from 0 to " + Money.AMOUNT_MINOR_MAX);
        }
        Optional<CurrencyCode> currency = Optional.ofNullable(body.currency()).flatMap(CurrencyCode::parse)
                .filter(PRODUCT_CURRENCIES::contains);
        if (currency.isEmpty()) {
            errors.add("currency", body.currency() == null ? "is required" : "must be one of USD, VES, COP, MXN");
        }
        metadata(errors, body.metadata());
        errors.throwIfAny();
        return new ProductDraft(key.scope(), body.sku(), body.name(), body.description(),
                Money.of(body.amountMinor(), currency.get()),
                body.metadata() == null || body.metadata().isNull() ? null : body.metadata().toString());
    }

    /** At most ten fields, short keys, and scalar values (strings of bounded length, numbers, booleans, null). */
    private static void metadata(FieldErrors errors, JsonNode metadata) {
        if (metadata == null || metadata.isNull()) {
            return;
        }
        if (!(metadata instanceof ObjectNode object)) {
            errors.add("metadata", "must be an object");
            return;
        }
        if (object.size() > Product.METADATA_FIELDS_MAX) {
            errors.add("metadata", "must have at most " + Product.METADATA_FIELDS_MAX + " fields");
            return;
        }
        for (Iterator<Map.Entry<String, JsonNode>> fields = object.fields(); fields.hasNext();) {
            Map.Entry<String, JsonNode> field = fields.next();
            JsonNode value = field.getValue();
            if (field.getKey().isEmpty() || field.getKey().length() > METADATA_KEY_MAX) {
                errors.add("metadata", "keys must have 1 to " + METADATA_KEY_MAX + " characters");
            } else if (value.isContainerNode() || (value.isTextual() && value.textValue().length() > METADATA_VALUE_MAX)) {
                errors.add("metadata." + field.getKey(),
                        "must be a string of at most " + METADATA_VALUE_MAX + " characters, a number, a boolean or null");
            }
        }
    }

    private static void text(FieldErrors errors, String field, String value, boolean required, int max) {
        if (value == null) {
            if (required) {
                errors.add(field, "is required");
            }
        } else if (value.isBlank() || value.length() > max) {
            errors.add(field, "must have 1 to " + max + " characters");
        }
    }
}
