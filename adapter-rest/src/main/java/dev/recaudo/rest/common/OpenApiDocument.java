package dev.recaudo.rest.common;

import jakarta.ws.rs.core.Application;
import org.eclipse.microprofile.openapi.annotations.Components;
import org.eclipse.microprofile.openapi.annotations.OpenAPIDefinition;
import org.eclipse.microprofile.openapi.annotations.enums.SecuritySchemeIn;
import org.eclipse.microprofile.openapi.annotations.enums.SecuritySchemeType;
import org.eclipse.microprofile.openapi.annotations.info.Info;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.security.SecurityScheme;
import org.eclipse.microprofile.openapi.annotations.security.SecuritySchemes;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/**
 * The OpenAPI document's header, its tags, the error envelopes and the credential schemes that the
 * resources name. The error answers themselves are built by {@link ErrorResponseComponents}.
 */
@OpenAPIDefinition(
        info = @Info(title = "Recaudo API", version = "1.0.0",
                description = "Receivables and payment collection on a double-entry ledger. Five API families, each with"
                        + " its own credential scheme and error envelope; see docs/reference in the repository."),
        tags = {
            @Tag(name = "Public invoices", description = "Partners' collection documents in major units (Bearer API key)."),
            @Tag(name = "Integrations", description = "Customers, collection documents, verified payments and certified"
                    + " rates in minor units, with signed requests."),
            @Tag(name = "External payments", description = "Hosted and direct payments (X-API-Key)."),
            @Tag(name = "Checkout helper", description = "Payers and products for a checkout (checkout access token)."),
            @Tag(name = "Hosted checkout page", description = "The payer's HTML page; the checkout id is its credential."),
            @Tag(name = "Sandbox", description = "Test keys act as the payer and the payment network."),
            @Tag(name = "Messaging", description = "WhatsApp confirmations: the provider's webhook and the"
                    + " partners' query."),
            @Tag(name = "Administration", description = "A company's administrator: API keys and webhooks (admin JWT)."),
            @Tag(name = "Operator", description = "The platform operator: companies and messaging origins."),
            @Tag(name = "Payment rails", description = "Card processors' events for a company, signed with its webhook"
                    + " secret (docs/reference/collection.md).")
        },
        components = @Components(schemas = {
            @Schema(name = "PublicError", implementation = ErrorEnvelopes.PublicErrorResponse.class),
            @Schema(name = "IntegrationsError", implementation = ErrorEnvelopes.IntegrationsErrorResponse.class),
            @Schema(name = "StatusError", implementation = ErrorEnvelopes.StatusErrorResponse.class)
        }))
@SecuritySchemes({
    @SecurityScheme(securitySchemeName = "apiKeyBearer", type = SecuritySchemeType.HTTP, scheme = "bearer",
            description = "Authorization: Bearer <API key>: public invoice API, messaging query, sandbox and (with the"
                    + " two signature headers) integrations API. The key's permissions are its scopes."),
    @SecurityScheme(securitySchemeName = "integrationsSignature", type = SecuritySchemeType.APIKEY,
            in = SecuritySchemeIn.HEADER, apiKeyName = "Service-Signature",
            description = "Integrations API: v1= + lower-case hex HMAC-SHA256, keyed with the API key, of"
                    + " timestamp + '.' + METHOD + '.' + path + '.' + raw body (pattern ^v1=[a-f0-9]{64}$). A POST's"
                    + " signature is accepted once: under another Idempotency-Key it is 401 invalid_signature."),
    @SecurityScheme(securitySchemeName = "integrationsTimestamp", type = SecuritySchemeType.APIKEY,
            in = SecuritySchemeIn.HEADER, apiKeyName = "Service-Timestamp",
            description = "Integrations API: Unix seconds as 10 digits, within 300 s of server time; part of the"
                    + " signature."),
    @SecurityScheme(securitySchemeName = "xApiKey", type = SecuritySchemeType.APIKEY, in = SecuritySchemeIn.HEADER,
            apiKeyName = "X-API-Key", description = "External payments API, POST /checkout/token and the sandbox."),
    @SecurityScheme(securitySchemeName = "checkoutToken", type = SecuritySchemeType.HTTP, scheme = "bearer",
            bearerFormat = "JWT", description = "Checkout helper: access token from POST /checkout/token."),
    @SecurityScheme(securitySchemeName = "adminJwt", type = SecuritySchemeType.HTTP, scheme = "bearer",
            bearerFormat = "JWT", description = "Company administration: token from POST /auth/token."),
    @SecurityScheme(securitySchemeName = "operatorToken", type = SecuritySchemeType.HTTP, scheme = "bearer",
            description = "Platform operator: RECAUDO_OPERATOR_TOKEN."),
    @SecurityScheme(securitySchemeName = "whatsappSignature", type = SecuritySchemeType.APIKEY,
            in = SecuritySchemeIn.HEADER, apiKeyName = "X-Hub-Signature-256",
            description = "WhatsApp deliveries: sha256= + hex HMAC-SHA256 of the raw body, keyed with the app secret."),
    @SecurityScheme(securitySchemeName = "whatsappVerifyToken", type = SecuritySchemeType.APIKEY,
            in = SecuritySchemeIn.QUERY, apiKeyName = "hub.verify_token",
            description = "WhatsApp subscription handshake: the verify token (RECAUDO_WHATSAPP_VERIFY_TOKEN)."),
    @SecurityScheme(securitySchemeName = "processorSignature", type = SecuritySchemeType.APIKEY,
            in = SecuritySchemeIn.HEADER, apiKeyName = "Stripe-Signature",
            description = "Card processor events: the processor's signature of the raw body, with the company's webhook"
                    + " secret (PUT /companies/{companyId}/payment-rails/stripe).")
})
public class OpenApiDocument extends Application {}
