package dev.recaudo.rest.common;

import jakarta.ws.rs.core.Application;
import org.eclipse.microprofile.openapi.annotations.OpenAPIDefinition;
import org.eclipse.microprofile.openapi.annotations.enums.SecuritySchemeIn;
import org.eclipse.microprofile.openapi.annotations.enums.SecuritySchemeType;
import org.eclipse.microprofile.openapi.annotations.info.Info;
import org.eclipse.microprofile.openapi.annotations.security.SecurityScheme;
import org.eclipse.microprofile.openapi.annotations.security.SecuritySchemes;

/** The OpenAPI document's header and the credential schemes that the resources name. */
@OpenAPIDefinition(info = @Info(title = "Recaudo API", version = "1.0.0",
        description = "Receivables and payment collection on a double-entry ledger. Five API families, each with its own"
                + " credential scheme and error envelope; see docs/reference in the repository."))
@SecuritySchemes({
    @SecurityScheme(securitySchemeName = "apiKeyBearer", type = SecuritySchemeType.HTTP, scheme = "bearer",
            description = "Public invoice API and messaging query: Authorization: Bearer <API key> with scopes."),
    @SecurityScheme(securitySchemeName = "integrationsSignature", type = SecuritySchemeType.HTTP, scheme = "bearer",
            description = "Integrations API: Bearer API key plus Service-Timestamp (Unix seconds, 10 digits, within"
                    + " 300 s) and Service-Signature (v1= + hex HMAC-SHA256 keyed with the API key over"
                    + " timestamp.METHOD.path.body); Idempotency-Key on POST."),
    @SecurityScheme(securitySchemeName = "xApiKey", type = SecuritySchemeType.APIKEY, in = SecuritySchemeIn.HEADER,
            apiKeyName = "X-API-Key", description = "External payments API and POST /checkout/token."),
    @SecurityScheme(securitySchemeName = "checkoutToken", type = SecuritySchemeType.HTTP, scheme = "bearer",
            bearerFormat = "JWT", description = "Checkout helper: access token from POST /checkout/token."),
    @SecurityScheme(securitySchemeName = "adminJwt", type = SecuritySchemeType.HTTP, scheme = "bearer",
            bearerFormat = "JWT", description = "Company administration: token from POST /auth/token."),
    @SecurityScheme(securitySchemeName = "operatorToken", type = SecuritySchemeType.HTTP, scheme = "bearer",
            description = "Platform operator: RECAUDO_OPERATOR_TOKEN.")
})
public class OpenApiDocument extends Application {}
