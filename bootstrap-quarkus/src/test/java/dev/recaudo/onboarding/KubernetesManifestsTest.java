package dev.recaudo.onboarding;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.MappingIterator;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * Issue 25: the committed Kubernetes manifests ({@code deploy/kubernetes}) keep health and metrics
 * on the management port, size the pod from the measured memory, take every setting from the
 * ConfigMap and the Secret, and put nothing secret anywhere but in the Secret, as placeholders.
 */
class KubernetesManifestsTest {

    private static final Path MANIFESTS = Path.of("..", "deploy", "kubernetes");
    private static final int MANAGEMENT_PORT = 9000;
    private static final int API_PORT = 8080;
    /** The resident memory measured under load (docs/operations.md): the request must hold it. */
    private static final long RESIDENT_BYTES_MEASURED = 400L * 1024 * 1024;
    private static final Pattern SECRET_NAME = Pattern.compile(".*(PASSWORD|SECRET|TOKEN|KEYS?)(_.*)?$");

    @Test
    void givenTheDeployment_thenItsProbesAreOnTheManagementPortAndTheServiceExposesTheApiAlone() throws IOException {
        JsonNode container = deployment().at("/spec/template/spec/containers/0");

        assertThat(probe(container, "startupProbe")).isEqualTo("/q/health/started:" + MANAGEMENT_PORT);
        assertThat(probe(container, "livenessProbe")).isEqualTo("/q/health/live:" + MANAGEMENT_PORT);
        assertThat(probe(container, "readinessProbe")).isEqualTo("/q/health/ready:" + MANAGEMENT_PORT);
        assertThat(values(container.get("ports"), "containerPort")).containsExactlyInAnyOrder(String.valueOf(API_PORT),
                String.valueOf(MANAGEMENT_PORT));
        assertThat(values(manifest("kubernetes.yml", "Service").at("/spec/ports"), "targetPort"))
                .as("the Service's ports: the API's only").containsExactly(String.valueOf(API_PORT));
        assertThat(deployment().at("/spec/template/metadata/annotations/prometheus.io~1port").asText())
                .isEqualTo(String.valueOf(MANAGEMENT_PORT));
    }

    @Test
    void givenTheDeployment_thenItIsSizedFromTheMeasuredMemoryRunsAsNonRootAndUpgradesInPlace() throws IOException {
        JsonNode deployment = deployment();
        JsonNode resources = deployment.at("/spec/template/spec/containers/0/resources");

        assertThat(bytes(resources.at("/requests/memory").asText())).isGreaterThanOrEqualTo(RESIDENT_BYTES_MEASURED);
        assertThat(bytes(resources.at("/limits/memory").asText())).isGreaterThan(bytes(resources.at("/requests/memory").asText()));
        assertThat(resources.at("/requests/cpu").asText()).isNotEmpty();
        assertThat(deployment.at("/spec/template/spec/securityContext/runAsNonRoot").asBoolean()).isTrue();
        assertThat(deployment.at("/spec/template/spec/securityContext/runAsUser").asInt()).isEqualTo(185);
        assertThat(deployment.at("/spec/replicas").asInt()).isGreaterThanOrEqualTo(2);
        assertThat(fieldNames(deployment.at("/spec/selector/matchLabels")))
                .as("the selector, which a rolling upgrade may not change, names no version").doesNotContain("app.kubernetes.io/version");
    }

    @Test
    void givenTheSettings_thenEverySecretIsInTheSecretAsAPlaceholderAndNoneIsInTheDeploymentOrTheConfigMap() throws IOException {
        JsonNode container = deployment().at("/spec/template/spec/containers/0");
        JsonNode configMap = manifest("configuration.yml", "ConfigMap");
        JsonNode secret = manifest("configuration.yml", "Secret");

        assertThat(values(container.get("envFrom"), "configMapRef", "name")).containsExactly(configMap.at("/metadata/name").asText());
        assertThat(values(container.get("envFrom"), "secretRef", "name")).containsExactly(secret.at("/metadata/name").asText());
        assertThat(values(container.get("env"), "name")).noneMatch(name -> SECRET_NAME.matcher(name).matches());
        assertThat(fieldNames(configMap.get("data"))).noneMatch(name -> SECRET_NAME.matcher(name).matches());
        assertThat(fieldNames(secret.get("stringData"))).allMatch(name -> SECRET_NAME.matcher(name).matches())
                .contains("QUARKUS_DATASOURCE_PASSWORD", "RECAUDO_SECRETS_KEYS", "RECAUDO_SECRETS_ACTIVE_KEY",
                        "RECAUDO_OPERATOR_TOKEN");
        secret.get("stringData").properties().forEach(entry -> assertThat(entry.getValue().asText())
                .as("%s in the committed Secret", entry.getKey()).isEqualTo("replace-me"));
        assertThat(configMap.at("/data/RECAUDO_PRODUCTION").asText()).isEqualTo("true");
    }

    private static JsonNode deployment() throws IOException {
        return manifest("kubernetes.yml", "Deployment");
    }

    private static JsonNode manifest(String file, String kind) throws IOException {
        ObjectMapper yaml = new ObjectMapper(new YAMLFactory());
        try (MappingIterator<JsonNode> documents = yaml.readerFor(JsonNode.class).readValues(MANIFESTS.resolve(file).toFile())) {
            List<JsonNode> all = documents.readAll();
            return all.stream().filter(document -> kind.equals(document.path("kind").asText())).findFirst()
                    .orElseThrow(() -> new AssertionError("no " + kind + " in " + file));
        }
    }

    /** A probe as {@code path:port}. */
    private static String probe(JsonNode container, String name) {
        JsonNode get = container.at("/" + name + "/httpGet");
        return get.path("path").asText() + ":" + get.path("port").asText();
    }

    /** The text at {@code path} in each element of {@code array}, where there is one. */
    private static List<String> values(JsonNode array, String... path) {
        List<String> found = new ArrayList<>();
        if (array != null && array.isArray()) {
            for (JsonNode element : array) {
                JsonNode value = element;
                for (String step : path) {
                    value = value.path(step);
                }
                if (!value.isMissingNode()) {
                    found.add(value.asText());
                }
            }
        }
        return found;
    }

    private static List<String> fieldNames(JsonNode object) {
        return object == null ? List.of() : object.properties().stream().map(Map.Entry::getKey).toList();
    }

    private static long bytes(String quantity) {
        if (quantity.endsWith("Mi")) {
            return Long.parseLong(quantity.substring(0, quantity.length() - 2)) * 1024 * 1024;
        }
        if (quantity.endsWith("Gi")) {
            return Long.parseLong(quantity.substring(0, quantity.length() - 2)) * 1024 * 1024 * 1024;
        }
        return Long.parseLong(quantity);
    }
}
