package dev.recaudo.rest.common;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * JSON text the database could not keep as sent (docs/decisions.md, "Text and dates in requests"),
 * read with the service's settings: refused with its path in trees and in records alike.
 */
class StorableJsonTextTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    static {
        new JsonSettings().customize(JSON);
    }

    public record Admin(String email, String password) {}

    public record Company(String name, Admin admin, List<String> permissions) {}

    /** The errors of the validation problem reading {@code body} as a tree raises. */
    private static Map<String, List<String>> treeRefusal(String body) {
        try {
            JSON.readTree(body);
        } catch (ApiProblem problem) {
            assertThat(problem.problem()).isEqualTo(Problem.VALIDATION);
            return problem.errors();
        } catch (Exception other) {
            throw new AssertionError("expected a validation problem, got " + other, other);
        }
        throw new AssertionError("accepted: " + body);
    }

    /** Jackson wraps what a deserializer of a record's field throws; the mappers render the problem inside. */
    private static Map<String, List<String>> recordRefusal(String body) {
        try {
            JSON.readValue(body, Company.class);
        } catch (JsonMappingException wrapped) {
            assertThat(wrapped.getCause()).isInstanceOf(ApiProblem.class);
            ApiProblem problem = (ApiProblem) wrapped.getCause();
            assertThat(problem.problem()).isEqualTo(Problem.VALIDATION);
            return problem.errors();
        } catch (Exception other) {
            throw new AssertionError("expected a wrapped validation problem, got " + other, other);
        }
        throw new AssertionError("accepted: " + body);
    }

    @Test
    void givenNulOrALoneSurrogateInATreeString_whenRead_thenRefusedWithItsPath() {
        assertThat(treeRefusal("{\"name\":\"Inv a\\u0000b\"}")).containsOnlyKeys("name")
                .hasEntrySatisfying("name", messages -> assertThat(messages).singleElement().asString().contains("NUL"));
        assertThat(treeRefusal("{\"lines\":[{\"description\":\"ok\"},{\"description\":\"x\\u0000\"}]}"))
                .containsOnlyKeys("lines[1].description");
        assertThat(treeRefusal("{\"customer\":{\"taxId\":\"SUR\\ud800\"}}")).containsOnlyKeys("customer.taxId")
                .hasEntrySatisfying("customer.taxId", messages -> assertThat(messages).singleElement().asString()
                        .contains("surrogate"));
        assertThat(treeRefusal("{\"x\":\"\\udc00\\ud800\"}")).containsOnlyKeys("x");
        assertThat(treeRefusal("\"\\u0000\"")).containsOnlyKeys("body");
    }

    @Test
    void givenNulInAPropertyName_whenReadAsATree_thenRefusedNamingTheObjectThatHoldsIt() {
        assertThat(treeRefusal("{\"metadata\":{\"a\\u0000\":1}}")).containsOnlyKeys("metadata")
                .hasEntrySatisfying("metadata", messages -> assertThat(messages).singleElement().asString()
                        .startsWith("property names must not contain"));
        assertThat(treeRefusal("{\"a\\ud800\":1}")).containsOnlyKeys("body");
    }

    @Test
    void givenNulOrALoneSurrogateInARecordString_whenBound_thenRefusedWithItsPath() {
        assertThat(recordRefusal("{\"name\":\"a\\u0000b\"}")).containsOnlyKeys("name");
        assertThat(recordRefusal("{\"admin\":{\"email\":\"a\\u0000@b.c\",\"password\":\"x\"}}")).containsOnlyKeys("admin.email");
        assertThat(recordRefusal("{\"permissions\":[\"customers:read\",\"x\\ud800\"]}")).containsOnlyKeys("permissions[1]");
    }

    @Test
    void givenTextPostgresqlKeeps_whenRead_thenKeptAsSentAndTypesStayStrict() throws Exception {
        String text = "l\u00ednea\\ttab\\r\\nnext \\ud83d\\ude00 \\u001f";
        assertThat(JSON.readTree("{\"a\":\"" + text + "\"}").get("a").textValue()).isEqualTo("línea\ttab\r\nnext \ud83d\ude00 \u001f");
        Company company = JSON.readValue("{\"name\":\"" + text + "\",\"admin\":null,\"permissions\":[\"\\ud83d\\ude00\"]}",
                Company.class);
        assertThat(company.name()).isEqualTo("línea\ttab\r\nnext \ud83d\ude00 \u001f");
        assertThat(company.permissions()).containsExactly("\ud83d\ude00");
        assertThatThrownBy(() -> JSON.readValue("{\"name\":7}", Company.class)).isInstanceOf(MismatchedInputException.class);
    }
}
