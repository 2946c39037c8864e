package dev.recaudo.rest.common;

import static org.eclipse.microprofile.openapi.OASFactory.createAPIResponse;
import static org.eclipse.microprofile.openapi.OASFactory.createComponents;
import static org.eclipse.microprofile.openapi.OASFactory.createContent;
import static org.eclipse.microprofile.openapi.OASFactory.createHeader;
import static org.eclipse.microprofile.openapi.OASFactory.createMediaType;
import static org.eclipse.microprofile.openapi.OASFactory.createSchema;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.eclipse.microprofile.config.ConfigProvider;
import org.eclipse.microprofile.openapi.OASFilter;
import org.eclipse.microprofile.openapi.models.OpenAPI;
import org.eclipse.microprofile.openapi.models.media.Schema;
import org.eclipse.microprofile.openapi.models.responses.APIResponse;

/**
 * The error answers of the OpenAPI document: one named response per envelope and status, built from
 * {@link Problem}, so that each lists exactly the codes its status can carry. A resource names those
 * its own code can answer, {@code @APIResponse(responseCode = "409", ref = "PublicConflict")}; this
 * filter ({@code mp.openapi.filter}) adds those of the edge and of the credential gates
 * ({@link GateAnswers}), then the named responses to the components, and only those in use.
 */
public class ErrorResponseComponents implements OASFilter {

    private static final String REF_PREFIX = "#/components/responses/";

    /** An envelope's name in the document, the family whose statuses it answers, and how it names a problem. */
    enum Envelope {
        PUBLIC("Public", ErrorFamily.PUBLIC, problem -> problem.publicCode() + " " + problem.publicCodeName()),
        INTEGRATIONS("Integrations", ErrorFamily.INTEGRATIONS, Problem::integrationsCode),
        STATUS("Status", ErrorFamily.STATUS, problem -> null),
        PAGE("Page", ErrorFamily.PAGE, problem -> null);

        private final String name;
        private final ErrorFamily family;
        private final Function<Problem, String> code;

        Envelope(String name, ErrorFamily family, Function<Problem, String> code) {
            this.name = name;
            this.family = family;
            this.code = code;
        }
    }

    @Override
    public void filterOpenAPI(OpenAPI openAPI) {
        if (openAPI.getPaths() == null) {
            return;
        }
        String rootPath = ConfigProvider.getConfig().getOptionalValue("quarkus.http.root-path", String.class)
                .map(path -> path.endsWith("/") ? path.substring(0, path.length() - 1) : path).orElse("");
        openAPI.getPaths().getPathItems().forEach((path, item) -> {
            String inApplication = path.startsWith(rootPath + "/") ? path.substring(rootPath.length()) : path;
            item.getOperations().values().forEach(operation -> GateAnswers.addTo(inApplication, operation));
        });
        addNamedResponses(openAPI);
    }

    /** The named responses the operations refer to, and no others. */
    private static void addNamedResponses(OpenAPI openAPI) {
        Map<String, APIResponse> named = all();
        Set<String> used = openAPI.getPaths().getPathItems().values().stream()
                .flatMap(item -> item.getOperations().values().stream())
                .filter(operation -> operation.getResponses() != null)
                .flatMap(operation -> operation.getResponses().getAPIResponses().values().stream())
                .map(APIResponse::getRef)
                .filter(ref -> ref != null && ref.startsWith(REF_PREFIX))
                .map(ref -> ref.substring(REF_PREFIX.length()))
                .filter(named::containsKey)
                .collect(Collectors.toCollection(LinkedHashSet::new));
        if (openAPI.getComponents() == null) {
            openAPI.setComponents(createComponents());
        }
        used.stream().sorted().forEach(name -> openAPI.getComponents().addResponse(name, named.get(name)));
    }

    /**
     * {@code PublicConflict}, {@code IntegrationsBadRequest}: the family's envelope, then the status's
     * reason phrase. Administration answers in the public envelope.
     */
    static String responseName(ErrorFamily family, int status) {
        ErrorFamily enveloped = family == ErrorFamily.ADMINISTRATION ? ErrorFamily.PUBLIC : family;
        Envelope envelope = Arrays.stream(Envelope.values()).filter(candidate -> candidate.family == enveloped)
                .findFirst().orElseThrow();
        return envelope.name + HttpStatusText.of(status).replace(" ", "");
    }

    /**
     * Every answer an operation can name. 405 and 406 are left out: no operation answers them to a
     * client that follows the document.
     */
    static Map<String, APIResponse> all() {
        Map<String, APIResponse> named = new LinkedHashMap<>();
        for (Envelope envelope : Envelope.values()) {
            statuses(envelope).forEach((status, problems) -> {
                if (status != 405 && status != 406) {
                    named.put(responseName(envelope.family, status), response(envelope, status, problems));
                }
            });
        }
        return named;
    }

    private static Map<Integer, List<Problem>> statuses(Envelope envelope) {
        return Arrays.stream(Problem.values()).collect(Collectors.groupingBy(envelope.family::status, TreeMap::new,
                Collectors.toList()));
    }

    private static APIResponse response(Envelope envelope, int status, List<Problem> problems) {
        Set<String> codes = problems.stream().map(envelope.code).filter(Objects::nonNull)
                .collect(Collectors.toCollection(LinkedHashSet::new));
        String description = HttpStatusText.of(status) + (codes.isEmpty() ? "." : ": " + String.join(", ", codes) + ".");
        APIResponse response = createAPIResponse().description(description);
        if (envelope == Envelope.PAGE) {
            response.content(createContent().addMediaType("text/html", createMediaType()
                    .schema(createSchema().addType(Schema.SchemaType.STRING).description("A page that tells the payer"))));
        } else {
            response.content(createContent().addMediaType("application/json",
                    createMediaType().schema(createSchema().ref(envelope.name + "Error"))));
        }
        if (status == 429 || status == 503) {
            response.addHeader("Retry-After", createHeader().description("Seconds to wait before the next request")
                    .schema(createSchema().addType(Schema.SchemaType.INTEGER)));
        }
        return response;
    }
}
