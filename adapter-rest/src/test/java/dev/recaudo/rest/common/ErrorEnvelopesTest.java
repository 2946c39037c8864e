package dev.recaudo.rest.common;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.lang.reflect.RecordComponent;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** The OpenAPI document shows the envelopes as records; the families write them as trees: both name the same fields. */
class ErrorEnvelopesTest {

    @ParameterizedTest
    @EnumSource(value = ErrorFamily.class, names = "PAGE", mode = EnumSource.Mode.EXCLUDE)
    void givenJsonFamily_whenRenderingAProblem_thenItsFieldsAreThoseOfTheDocumentedEnvelope(ErrorFamily family) {
        ObjectNode body = family.body(Problem.VALIDATION, "amount is required", Map.of("amount", List.of("is required")),
                "req-1", "/v1/invoices", Instant.parse("2026-05-01T00:00:00Z"));

        Class<?> documented = switch (family) {
            case PUBLIC, ADMINISTRATION -> ErrorEnvelopes.PublicErrorResponse.class;
            case INTEGRATIONS -> ErrorEnvelopes.IntegrationsErrorResponse.class;
            case STATUS -> ErrorEnvelopes.StatusErrorResponse.class;
            case PAGE -> throw new AssertionError("the page family has no JSON envelope");
        };
        assertThat(fields(body)).containsExactlyElementsOf(components(documented, ""));
    }

    /** Every field of the tree, nested ones as {@code error.code}. */
    private static List<String> fields(JsonNode node) {
        List<String> names = new ArrayList<>();
        node.fields().forEachRemaining(field -> {
            names.add(field.getKey());
            if (field.getValue().isObject() && !field.getKey().equals("errors")) {
                fields(field.getValue()).forEach(nested -> names.add(field.getKey() + "." + nested));
            }
        });
        return names;
    }

    private static List<String> components(Class<?> record, String prefix) {
        List<String> names = new ArrayList<>();
        for (RecordComponent component : record.getRecordComponents()) {
            names.add(prefix + component.getName());
            if (component.getType().isRecord()) {
                names.addAll(components(component.getType(), prefix + component.getName() + "."));
            }
        }
        return names;
    }
}
