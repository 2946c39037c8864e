package dev.recaudo.rest.common;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The service's JSON trees, read with the service's settings, without a server. */
class BoundedJsonTreeTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    static {
        new JsonSettings().customize(JSON);
    }

    private static Map<String, List<String>> refusal(String body) {
        try {
            JSON.readTree(body);
        } catch (ApiProblem problem) {
            assertThat(problem.problem()).isEqualTo(Problem.VALIDATION);
            return problem.errors();
        } catch (Exception other) {
            throw new AssertionError("expected a validation problem, got " + other, other);
        }
        throw new AssertionError("accepted: " + body.substring(0, Math.min(body.length(), 60)));
    }

    public record Amount(Long amountMinor, JsonNode metadata) {}

    @Test
    void givenNumbersWithinTheBounds_whenRead_thenExactAndWrittenBackAsSpelled() throws Exception {
        String body = "{\"a\":1.50,\"b\":1e5,\"c\":-0.0,\"d\":2.5E-3,\"e\":[1.0e1,7,-0],\"f\":1.7976931348623157e308,"
                + "\"g\":2.2250738585072014e-308,\"h\":0e-308,\"i\":" + "9".repeat(100) + "}";
        JsonNode tree = JSON.readTree(body);
        assertThat(tree.toString()).isEqualTo(body.replace("-0]", "0]"));
        assertThat(JSON.writeValueAsString(tree)).isEqualTo(tree.toString());
        assertThat(tree.get("b").isNumber()).isTrue();
        assertThat(tree.get("b").decimalValue()).isEqualByComparingTo(new BigDecimal("100000"));
        assertThat(tree.get("e").get(1).isIntegralNumber()).isTrue();
        assertThat(tree.get("i").bigIntegerValue().toString()).hasSize(100);
    }

    @Test
    void givenNumbersBeyondTheBounds_whenRead_thenRefusedWithTheirPathAtOnce() {
        for (String number : new String[] {"1e999999999", "1e-999999999", "1e100000000", "1e2147483647", "-1e-2147483648",
                "-1e-2147483649", "1.8e308", "-2.2e-308", "0e-309", "0e309", "1" + "0".repeat(100)}) {
            long started = System.nanoTime();
            assertThat(refusal("{\"metadata\":{\"list\":[1,{\"x\":" + number + "}]}}")).as(number)
                    .containsOnlyKeys("metadata.list[1].x");
            assertThat(System.nanoTime() - started).as(number).isLessThan(100_000_000L);
        }
        assertThat(refusal("1e999999999")).containsOnlyKeys("body");
    }

    @Test
    void givenDeepNestingOrLongTexts_whenRead_thenRefusedWithTheirPath() throws Exception {
        String nested = "[".repeat(JsonSettings.NESTING_DEPTH_MAX) + "]".repeat(JsonSettings.NESTING_DEPTH_MAX);
        assertThat(JSON.readTree(nested).isArray()).isTrue();
        assertThat(refusal("{\"a\":" + nested + "}").keySet()).singleElement().asString().startsWith("a[0][0]");
        assertThat(refusal("{\"a\":{\"s\":\"" + "x".repeat(JsonSettings.STRING_CHARS_MAX + 1) + "\"}}")).containsOnlyKeys("a.s");
        assertThat(refusal("{\"a\":{\"" + "k".repeat(JsonSettings.STRING_CHARS_MAX + 1) + "\":1}}")).containsOnlyKeys("a");
        assertThat(JSON.readTree("{\"s\":\"" + "x".repeat(JsonSettings.STRING_CHARS_MAX) + "\"}").get("s").textValue())
                .hasSize(JsonSettings.STRING_CHARS_MAX);
    }

    @Test
    void givenATree_whenBoundToARecord_thenTypesStayStrict() throws Exception {
        JsonNode tree = JSON.readTree("{\"amountMinor\":12,\"metadata\":{\"x\":1.50}}");
        assertThat(JSON.treeToValue(tree, Amount.class).metadata().get("x").decimalValue()).isEqualByComparingTo("1.5");
        assertThatThrownBy(() -> JSON.treeToValue(JSON.readTree("{\"amountMinor\":1.0e1}"), Amount.class))
                .isInstanceOf(MismatchedInputException.class);
        assertThat(JSON.readValue("{\"k\":1e5}", ObjectNode.class).toString()).isEqualTo("{\"k\":1e5}");
        assertThatThrownBy(() -> JSON.readValue("[1]", ObjectNode.class)).isInstanceOf(MismatchedInputException.class);
        assertThat(JSON.readTree("null").isNull()).isTrue();
    }

    @Test
    void givenNulOrALoneSurrogateInATreeString_whenRead_thenRefusedWithItsPath() {
        assertThat(refusal("{\"name\":\"Inv a\\u0000b\"}")).containsOnlyKeys("name")
                .hasEntrySatisfying("name", messages -> assertThat(messages).singleElement().asString().contains("NUL"));
        assertThat(refusal("{\"lines\":[{\"description\":\"ok\"},{\"description\":\"x\\u0000\"}]}"))
                .containsOnlyKeys("lines[1].description");
        assertThat(refusal("{\"customer\":{\"taxId\":\"SUR\\ud800\"}}")).containsOnlyKeys("customer.taxId")
                .hasEntrySatisfying("customer.taxId", messages -> assertThat(messages).singleElement().asString()
                        .contains("surrogate"));
        assertThat(refusal("{\"x\":\"\\udc00\\ud800\"}")).containsOnlyKeys("x");
        assertThat(refusal("\"\\u0000\"")).containsOnlyKeys("body");
    }

    @Test
    void givenNulInAPropertyName_whenReadAsATree_thenRefusedNamingTheObjectThatHoldsIt() {
        assertThat(refusal("{\"metadata\":{\"a\\u0000\":1}}")).containsOnlyKeys("metadata")
                .hasEntrySatisfying("metadata", messages -> assertThat(messages).singleElement().asString()
                        .startsWith("property names must not contain"));
        assertThat(refusal("{\"a\\ud800\":1}")).containsOnlyKeys("body");
    }
}
