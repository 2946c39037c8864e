package dev.recaudo.e2e.access;

import dev.recaudo.e2e.access.AccessWorld.Target;
import io.restassured.response.Response;
import java.util.Comparator;
import java.util.Map;
import java.util.TreeSet;

/** How two answers are compared: what may differ between a call on a victim's id and one on a missing id. */
final class Answers {

    private Answers() {}

    /**
     * An error answer as status, media type and body, with the target's ids, request ids and
     * timestamps blanked out; a success as status and its top-level field names (its ids and times
     * differ by nature, and the victim's rows are compared separately).
     */
    static String normalized(Response response, Target target) {
        String type = String.valueOf(response.contentType()).split(";")[0];
        String body = response.asString();
        if (response.statusCode() < 300) {
            return response.statusCode() + " " + type + " " + (body.trim().startsWith("{")
                    ? new TreeSet<>(response.jsonPath().getMap("").keySet()).toString() : body.isEmpty() ? "" : "[...]");
        }
        // The longest ids first, so that one contained in another is replaced whole.
        for (Map.Entry<String, String> id : target.ids().entrySet().stream().filter(e -> e.getValue() != null)
                .sorted(Comparator.comparing((Map.Entry<String, String> e) -> e.getValue().length()).reversed()).toList()) {
            body = body.replace(id.getValue(), "<" + id.getKey() + ">");
        }
        body = body.replaceAll("\"requestId\"\\s*:\\s*\"[^\"]*\"", "\"requestId\":\"-\"")
                .replaceAll("\"timestamp\"\\s*:\\s*\"[^\"]*\"", "\"timestamp\":\"-\"");
        return response.statusCode() + " " + type + " " + body;
    }
}
