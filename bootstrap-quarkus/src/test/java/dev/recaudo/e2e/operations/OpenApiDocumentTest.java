package dev.recaudo.e2e.operations;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.recaudo.rest.common.ErrorFamily;
import io.quarkus.test.junit.QuarkusTest;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.BiConsumer;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The document at /q/openapi is complete enough to generate a client from: typed request and
 * response bodies, every error answer in its family's envelope, and a credential scheme on every
 * operation but the login and the payer's page. The Redocly lint of {@code verify} checks the rest
 * of its form (tools/openapi-lint).
 */
@QuarkusTest
class OpenApiDocumentTest {

    private static final Set<String> METHODS = Set.of("get", "post", "put", "patch", "delete");
    /** Operations a client calls without a credential scheme: the login, and the page whose URL is the payer's credential. */
    private static final Set<String> OPEN = Set.of("POST /auth/token", "GET /pay/{checkoutId}", "POST /pay/{checkoutId}",
            "POST /pay/{checkoutId}/card", "POST /pay/{checkoutId}/report");
    /** Success answers that have no body by definition. */
    private static final Set<String> BODYLESS_SUCCESS = Set.of("204", "301", "303");
    private static final Map<ErrorFamily, String> ENVELOPES = Map.of(
            ErrorFamily.PUBLIC, "#/components/schemas/PublicError",
            ErrorFamily.ADMINISTRATION, "#/components/schemas/PublicError",
            ErrorFamily.INTEGRATIONS, "#/components/schemas/IntegrationsError",
            ErrorFamily.STATUS, "#/components/schemas/StatusError");

    private JsonNode document;

    @BeforeEach
    void fetch() throws IOException {
        document = new ObjectMapper().readTree(given().queryParam("format", "json").get("/q/openapi")
                .then().statusCode(200).extract().asString());
    }

    @Test
    void givenOpenApi_whenFetched_thenEveryRequestBodyHasATypedSchema() {
        List<String> untyped = new ArrayList<>();
        forEachOperation((name, operation) -> {
            JsonNode content = operation.path("requestBody").path("content");
            if (operation.has("requestBody") && content.isEmpty()) {
                untyped.add(name + " (no content)");
            }
            content.fields().forEachRemaining(media -> {
                JsonNode schema = media.getValue().path("schema");
                boolean raw = schema.path("$ref").asText().matches("#/components/schemas/(JsonNode|ObjectNode)")
                        || media.getKey().equals("application/json") && schema.path("type").asText().equals("string");
                if (schema.isMissingNode() || raw) {
                    untyped.add(name + " " + media.getKey());
                }
            });
        });
        assertThat(untyped).as("request bodies without a typed schema").isEmpty();
    }

    @Test
    void givenOpenApi_whenFetched_thenEveryOperationAnswersSuccessWithASchemaOrWithoutABody() {
        List<String> unanswered = new ArrayList<>();
        forEachOperation((name, operation) -> {
            boolean typed = false;
            boolean bodyless = false;
            for (Map.Entry<String, JsonNode> response : fields(operation.path("responses"))) {
                JsonNode resolved = resolve(response.getValue());
                typed |= response.getKey().startsWith("2") && hasSchema(resolved.path("content"));
                bodyless |= BODYLESS_SUCCESS.contains(response.getKey());
            }
            if (!typed && !bodyless) {
                unanswered.add(name);
            }
        });
        assertThat(unanswered).as("operations without a 2xx schema nor a bodyless success").isEmpty();
    }

    @Test
    void givenOpenApi_whenFetched_thenEveryErrorAnswerCarriesTheEnvelopeOfItsPathsFamily() {
        List<String> wrong = new ArrayList<>();
        int[] errors = {0};
        forEachOperation((name, operation) -> {
            ErrorFamily family = ErrorFamily.forPath(name.substring(name.indexOf(' ') + 1));
            for (Map.Entry<String, JsonNode> response : fields(operation.path("responses"))) {
                if (response.getKey().startsWith("4") || response.getKey().startsWith("5")) {
                    errors[0]++;
                    if (!carriesEnvelope(family, resolve(response.getValue()).path("content"))) {
                        wrong.add(name + " " + response.getKey());
                    }
                }
            }
        });
        assertThat(errors[0]).as("error answers documented").isGreaterThan(200);
        assertThat(wrong).as("error answers without their family's envelope").isEmpty();
    }

    @Test
    void givenOpenApi_whenFetched_thenEveryOperationButTheOpenOnesNamesDeclaredSecuritySchemes() {
        Set<String> declared = Set.copyOf(names(document.path("components").path("securitySchemes")));
        assertThat(declared).contains("apiKeyBearer", "integrationsSignature", "integrationsTimestamp", "xApiKey",
                "checkoutToken", "adminJwt", "operatorToken", "whatsappSignature", "whatsappVerifyToken");
        List<String> unsecured = new ArrayList<>();
        List<String> open = new ArrayList<>();
        forEachOperation((name, operation) -> {
            JsonNode security = operation.path("security");
            if (security.isArray() && security.isEmpty()) {
                open.add(name);
                return;
            }
            boolean named = security.isArray() && !security.isEmpty();
            for (JsonNode requirement : security) {
                named &= !requirement.isEmpty() && declared.containsAll(names(requirement));
            }
            if (!named) {
                unsecured.add(name);
            }
        });
        assertThat(unsecured).as("operations without a declared credential scheme").isEmpty();
        assertThat(open).as("operations open to anyone").containsExactlyInAnyOrderElementsOf(OPEN);
    }

    /** The hosted page answers errors as HTML pages; every other family in its JSON envelope (or one of its shapes). */
    private static boolean carriesEnvelope(ErrorFamily family, JsonNode content) {
        if (family == ErrorFamily.PAGE) {
            return content.has("text/html") && content.size() == 1;
        }
        JsonNode schema = content.path("application/json").path("schema");
        List<JsonNode> shapes = new ArrayList<>(List.of(schema));
        schema.path("oneOf").forEach(shapes::add);
        schema.path("anyOf").forEach(shapes::add);
        return content.size() == 1 && shapes.stream().anyMatch(shape -> shape.path("$ref").asText().equals(ENVELOPES.get(family)));
    }

    private static boolean hasSchema(JsonNode content) {
        return fields(content).stream().anyMatch(media -> media.getValue().has("schema"));
    }

    /** A response as written, or the named one it refers to. */
    private JsonNode resolve(JsonNode response) {
        String ref = response.path("$ref").asText();
        if (ref.isEmpty()) {
            return response;
        }
        JsonNode named = document.path("components").path("responses").path(ref.substring(ref.lastIndexOf('/') + 1));
        assertThat(named.isMissingNode()).as("response " + ref + " is defined").isFalse();
        return named;
    }

    private void forEachOperation(BiConsumer<String, JsonNode> check) {
        for (Map.Entry<String, JsonNode> path : fields(document.path("paths"))) {
            for (Map.Entry<String, JsonNode> operation : fields(path.getValue())) {
                if (METHODS.contains(operation.getKey())) {
                    check.accept(operation.getKey().toUpperCase(Locale.ROOT) + " " + path.getKey(), operation.getValue());
                }
            }
        }
    }

    private static List<Map.Entry<String, JsonNode>> fields(JsonNode node) {
        List<Map.Entry<String, JsonNode>> fields = new ArrayList<>();
        node.fields().forEachRemaining(fields::add);
        return fields;
    }

    private static List<String> names(JsonNode node) {
        List<String> names = new ArrayList<>();
        node.fieldNames().forEachRemaining(names::add);
        return names;
    }
}
