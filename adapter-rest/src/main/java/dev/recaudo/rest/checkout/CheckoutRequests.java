package dev.recaudo.rest.checkout;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.TextNode;
import dev.recaudo.application.apikey.ApiKeyAuthenticationUseCase.KeyPrincipal;
import dev.recaudo.application.checkout.CheckoutHelperUseCase.PayerDetails;
import dev.recaudo.application.checkout.CheckoutHelperUseCase.ProductDraft;
import dev.recaudo.domain.money.CurrencyCode;
import dev.recaudo.domain.money.Money;
import dev.recaudo.domain.product.Product;
import dev.recaudo.rest.common.AcceptedCurrencies;
import dev.recaudo.rest.common.ApiProblem;
import dev.recaudo.rest.common.FieldErrors;
import dev.recaudo.rest.common.PathIds;
import dev.recaudo.rest.common.Problem;
import dev.recaudo.rest.common.RequestValidation;
import dev.recaudo.rest.common.validation.AmountMinor;
import dev.recaudo.rest.common.validation.EmailText;
import dev.recaudo.rest.common.validation.Matches;
import dev.recaudo.rest.common.validation.PathSegment;
import dev.recaudo.rest.common.validation.Text;
import dev.recaudo.rest.common.validation.Uuid;
import io.quarkus.runtime.annotations.RegisterForReflection;
import java.math.BigDecimal;
import java.util.Iterator;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** The checkout helper's request bodies, checked and read into the use case's commands. */
final class CheckoutRequests {

    /** The product currencies of the checkout helper (service-spec.md). */
    static final AcceptedCurrencies PRODUCT_CURRENCIES =
            AcceptedCurrencies.of(CurrencyCode.USD, CurrencyCode.VES, CurrencyCode.COP, CurrencyCode.MXN);
    static final int SKU_MAX = 100;
    static final int NAME_MAX = 200;
    static final int DESCRIPTION_MAX = 2000;
    static final int IDENTITY_DOCUMENT_MAX = 64;
    static final String PHONE = "^\\+[1-9][0-9]{7,14}$";

    private CheckoutRequests() {}

    @RegisterForReflection
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record ResolveCustomerRequest(
            @Uuid(required = true) String companyId,
            @EmailText(required = true) String email,
            @Text(max = NAME_MAX, required = true) String name,
            @Matches(regexp = PHONE) String phone,
            @Text(max = IDENTITY_DOCUMENT_MAX) String identityDocument) {}

    /** The spec marks {@code companyId} required for a payer but not for a product: absent, it is the token's company. */
    @RegisterForReflection
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record ProductRequest(
            @Uuid String companyId,
            @Text(max = SKU_MAX, required = true) @PathSegment String sku,
            @Text(max = NAME_MAX, required = true) String name,
            @Text(max = DESCRIPTION_MAX) String description,
            @AmountMinor(min = 0) Long amountMinor,
            String currency,
            @Schema(type = SchemaType.OBJECT, maxProperties = Product.METADATA_FIELDS_MAX,
                    description = "At most 10 fields, each any JSON value (nested objects and arrays too)")
            JsonNode metadata) {}

    /** The {@code companyId} of a path: a UUID, and the token's company (see {@link #refuseOtherCompany}). */
    static void requireOwnCompany(KeyPrincipal key, String companyId) {
        if (PathIds.parse(companyId).isEmpty()) {
            new FieldErrors().add("companyId", "must be a UUID").throwIfAny();
        }
        refuseOtherCompany(key, companyId);
    }

    /**
     * A {@code companyId} that is not the token's company is refused as a missing resource, before any
     * field error: a token learns nothing about other companies, not even that they exist.
     */
    private static void refuseOtherCompany(KeyPrincipal key, String companyId) {
        Optional<UUID> id = PathIds.parse(companyId);
        if (id.isPresent() && !id.get().equals(key.companyId().value())) {
            throw new ApiProblem(Problem.NOT_FOUND, "No such company");
        }
    }

    static PayerDetails payer(RequestValidation validation, KeyPrincipal key, ResolveCustomerRequest body) {
        refuseOtherCompany(key, body.companyId());
        FieldErrors errors = new FieldErrors();
        validation.check(body, errors);
        errors.throwIfAny();
        return new PayerDetails(key.scope(), body.email(), body.name(), Optional.ofNullable(body.phone()),
                Optional.ofNullable(body.identityDocument()));
    }

    /**
     * The shape rules are the record's annotations; the currencies and the metadata's structure are
     * checked here. {@code metadataCharsMax}: what the metadata may take as stored (the body cap).
     */
    static ProductDraft product(RequestValidation validation, KeyPrincipal key, ProductRequest body, long metadataCharsMax) {
        refuseOtherCompany(key, body.companyId());
        FieldErrors errors = new FieldErrors();
        validation.check(body, errors);
        Optional<CurrencyCode> currency = PRODUCT_CURRENCIES.read(errors, "currency", body.currency());
        metadata(errors, body.metadata(), metadataCharsMax);
        errors.throwIfAny();
        return new ProductDraft(key.scope(), body.sku(), body.name(), body.description(),
                Money.of(body.amountMinor(), currency.get()),
                body.metadata() == null || body.metadata().isNull() ? null : body.metadata().toString());
    }

    /**
     * The spec's only rule: an object of at most ten fields. Each field holds any JSON value, nested
     * objects and arrays too; the service-wide JSON limits ({@code JsonSettings}, {@code BoundedJsonTree},
     * the body cap) have bounded every value, key and level before this runs. One more bound, the
     * body cap again, on the metadata as stored: JSONB keeps a number as a numeric and writes it out
     * in plain notation ({@code 1e308} as 309 digits), so a body of a few kilobytes of such numbers
     * would otherwise store metadata that every save answer and every read of the row writes out as
     * megabytes.
     */
    private static void metadata(FieldErrors errors, JsonNode metadata, long charsMax) {
        if (metadata == null || metadata.isNull()) {
            return;
        }
        if (!metadata.isObject()) {
            errors.add("metadata", "must be an object");
        } else if (metadata.size() > Product.METADATA_FIELDS_MAX) {
            errors.add("metadata", "must have at most " + Product.METADATA_FIELDS_MAX + " fields");
        } else if (storedChars(metadata) > charsMax) {
            errors.add("metadata", "must take at most " + charsMax + " characters with its numbers written out in full,"
                    + " as it is stored");
        }
    }

    /** The JSON text of {@code node} with every number in plain notation, as JSONB writes it (without its spaces). */
    private static long storedChars(JsonNode node) {
        if (node.isObject() || node.isArray()) {
            long chars = 2 + Math.max(0, node.size() - 1);
            for (Iterator<Map.Entry<String, JsonNode>> fields = node.fields(); fields.hasNext();) {
                chars += TextNode.valueOf(fields.next().getKey()).toString().length() + 1;
            }
            for (JsonNode value : node) {
                chars += storedChars(value);
            }
            return chars;
        }
        if (node.isNumber() && !node.isIntegralNumber()) {
            return plainChars(node.decimalValue());
        }
        return node.toString().length();
    }

    /** The length of {@link BigDecimal#toPlainString}, which is how PostgreSQL writes a numeric, without building it. */
    private static long plainChars(BigDecimal number) {
        long digits = number.precision();
        long scale = number.scale();
        long sign = number.signum() < 0 ? 1 : 0;
        if (scale <= 0) {
            return sign + digits - scale;
        }
        return sign + (digits > scale ? digits + 1 : scale + 2);
    }
}
