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
 * bound to records with the service's settings: refused with its path, as in trees (BoundedJsonTreeTest).
 */
class StorableStringsTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    static {
        new JsonSettings().customize(JSON);
    }

    public record Admin(String email, String password) {}

    public record Company(String name, Admin admin, List<String> permissions) {}

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
    void givenNulOrALoneSurrogateInARecordString_whenBound_thenRefusedWithItsPath() {
        assertThat(recordRefusal("{\"name\":\"a\\u0000b\"}")).containsOnlyKeys("name");
        assertThat(recordRefusal("{\"admin\":{\"email\":\"a\\u0000@b.c\",\"password\":\"x\"}}"))
                .containsOnlyKeys("admin.email");
        assertThat(recordRefusal("{\"permissions\":[\"customers:read\",\"x\\ud800\"]}")).containsOnlyKeys("permissions[1]");
    }

    @Test
    void givenTextPostgresqlKeeps_whenRead_thenKeptAsSentAndTypesStayStrict() throws Exception {
        String text = "l\u00ednea\\ttab\\r\\nnext \\ud83d\\ude00 \\u001f";
        assertThat(JSON.readTree("{\"a\":\"" + text + "\"}").get("a").textValue())
                .isEqualTo("línea\ttab\r\nnext \ud83d\ude00 \u001f");
        Company company = JSON.readValue("{\"name\":\"" + text + "\",\"admin\":null,\"permissions\":[\"\\ud83d\\ude00\"]}",
                Company.class);
        assertThat(company.name()).isEqualTo("línea\ttab\r\nnext \ud83d\ude00 \u001f");
        assertThat(company.permissions()).containsExactly("\ud83d\ude00");
        assertThatThrownBy(() -> JSON.readValue("{\"name\":7}", Company.class)).isInstanceOf(MismatchedInputException.class);
    }
}
