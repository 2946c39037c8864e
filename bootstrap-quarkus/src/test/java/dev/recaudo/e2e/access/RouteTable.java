package dev.recaudo.e2e.access;

import static io.restassured.RestAssured.given;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The operations of the running service's published route table, {@code /q/openapi}: method, path,
 * security scheme, and the properties of the request body that name an object (an id).
 */
final class RouteTable {

    private static final Set<String> METHODS = Set.of("get", "post", "put", "patch", "delete");
    private static final Set<String> WRITES = Set.of("POST", "PUT", "PATCH", "DELETE");
    private static final Pattern PATH_PARAMETER = Pattern.compile("\\{([^}]+)}");
    /** A body property naming an object: {@code invoiceId}, {@code provider_id}, {@code externalDocumentId}. */
    private static final Pattern ID_PROPERTY = Pattern.compile("(?i).*(id|_id)$");

    record Operation(String method, String path, Set<String> schemes, Set<String> bodyIds) {

        String name() {
            return method + " " + path;
        }

        List<String> pathParameters() {
            List<String> names = new ArrayList<>();
            Matcher matcher = PATH_PARAMETER.matcher(path);
            while (matcher.find()) {
                names.add(matcher.group(1));
            }
            return names;
        }

        boolean takesAnId() {
            return !pathParameters().isEmpty() || !bodyIds.isEmpty();
        }

        boolean writes() {
            return WRITES.contains(method);
        }
    }

    private RouteTable() {}

    static List<Operation> operations() {
        JsonNode document;
        try {
            document = new ObjectMapper().readTree(given().queryParam("format", "json").get("/q/openapi")
                    .then().statusCode(200).extract().asString());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        List<Operation> operations = new ArrayList<>();
        document.path("paths").fields().forEachRemaining(path -> path.getValue().fields().forEachRemaining(entry -> {
            if (METHODS.contains(entry.getKey())) {
                JsonNode operation = entry.getValue();
                Set<String> schemes = new TreeSet<>();
                operation.path("security").forEach(requirement -> requirement.fieldNames().forEachRemaining(schemes::add));
                Set<String> ids = new TreeSet<>();
                operation.path("requestBody").path("content").forEach(media ->
                        collectIds(document, media.path("schema"), "", ids, 0));
                operations.add(new Operation(entry.getKey().toUpperCase(java.util.Locale.ROOT), path.getKey(), schemes, ids));
            }
        }));
        return operations;
    }

    /** Walks a schema (references, arrays, compositions) and adds the dotted names of id properties. */
    private static void collectIds(JsonNode document, JsonNode schema, String prefix, Set<String> ids, int depth) {
        if (depth > 8 || schema.isMissingNode()) {
            return;
        }
        if (schema.has("$ref")) {
            String[] parts = schema.get("$ref").asText().substring(2).split("/");
            JsonNode target = document;
            for (String part : parts) {
                target = target.path(part);
            }
            collectIds(document, target, prefix, ids, depth + 1);
            return;
        }
        for (String composition : List.of("allOf", "anyOf", "oneOf")) {
            schema.path(composition).forEach(part -> collectIds(document, part, prefix, ids, depth + 1));
        }
        collectIds(document, schema.path("items"), prefix, ids, depth + 1);
        Iterator<String> names = schema.path("properties").fieldNames();
        while (names.hasNext()) {
            String name = names.next();
            if (ID_PROPERTY.matcher(name).matches()) {
                ids.add(prefix + name);
            }
            collectIds(document, schema.path("properties").path(name), prefix + name + ".", ids, depth + 1);
        }
    }

}
