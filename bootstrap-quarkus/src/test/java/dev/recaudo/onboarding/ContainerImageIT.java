package dev.recaudo.onboarding;

import static org.assertj.core.api.Assertions.assertThat;

import dev.recaudo.battery.Battery;
import dev.recaudo.battery.BatteryClient;
import dev.recaudo.battery.BatteryClient.Answer;
import dev.recaudo.battery.BatteryClient.Call;
import dev.recaudo.battery.Json;
import dev.recaudo.battery.ServiceInstance;
import dev.recaudo.e2e.webhooks.Receiver;
import io.restassured.path.json.JsonPath;
import java.io.IOException;
import java.net.ConnectException;
import java.net.http.HttpTimeoutException;
import java.nio.file.FileSystem;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The JVM image ({@code Containerfile.jvm}) built from this run's jar and run with podman, as CI
 * and an operator on this machine do ({@link ContainerImage}): what the image is made of, the
 * quickstart with a signed webhook through the container, and SIGTERM under load.
 */
class ContainerImageIT {

    private static final Path QUARKUS_APP = Path.of("target", "quarkus-app");
    /** The settings the image itself carries; every other one comes from the environment at run time. */
    private static final Set<String> IMAGE_SETTINGS = Set.of("PATH", "LANG", "JAVA_HOME", "QUARKUS_HTTP_HOST", "QUARKUS_HTTP_PORT");
    private static final int CLIENTS = 8;
    private static final Duration LOAD_BEFORE_SIGTERM = Duration.ofSeconds(2);

    @TempDir
    Path workingDirectory;

    @Test
    void givenTheImage_whenInspected_thenItRunsTheJarAloneAsAnUnprivilegedUserAndStopsOnSigterm() throws Exception {
        String image = ContainerImage.jvm();

        assertThat(ContainerImage.inspect(image, "{{.Config.User}}")).isEqualTo("185");
        assertThat(ContainerImage.runInside(image, "id", "-u").strip()).isEqualTo("185");
        assertThat(ContainerImage.inspect(image, "{{.Config.StopSignal}}")).isEqualTo("SIGTERM");
        assertThat(ContainerImage.inspect(image, "{{.Config.Healthcheck.Test}}")).contains("/q/health/ready");
        assertThat(ContainerImage.inspect(image, "{{range .Config.Env}}{{println .}}{{end}}").lines()
                .map(setting -> setting.substring(0, setting.indexOf('='))))
                .as("settings baked into the image: none is a secret or a database").isSubsetOf(IMAGE_SETTINGS);
        try (Stream<Path> files = Files.walk(QUARKUS_APP)) {
            List<String> packaged = files.filter(Files::isRegularFile)
                    .map(file -> "/deployments/" + QUARKUS_APP.relativize(file)).sorted().toList();
            assertThat(ContainerImage.runInside(image, "find", "/deployments", "-type", "f").lines().sorted().toList())
                    .as("what /deployments holds: the packaged fast-jar, nothing else").isEqualTo(packaged);
        }
    }

    @Test
    void givenACodeChange_whenTheImageIsBuiltAgain_thenOnlyItsLastLayerChanges() throws Exception {
        String image = ContainerImage.jvm();
        Path app = workingDirectory.resolve("bootstrap-quarkus").resolve(QUARKUS_APP);
        copyTree(QUARKUS_APP, app);
        try (Stream<Path> jars = Files.list(app.resolve("lib/main"))) {
            Path domain = jars.filter(jar -> jar.getFileName().toString().startsWith("dev.recaudo.ledger-domain")).findFirst()
                    .orElseThrow();
            try (FileSystem jar = FileSystems.newFileSystem(domain)) {
                Files.writeString(jar.getPath("changed.txt"), "a change to the domain's code");
            }
        }
        String changed = ContainerImage.TAG + "-changed";
        try {
            ContainerImage.build(changed, workingDirectory);

            List<String> before = ContainerImage.layers(image);
            List<String> after = ContainerImage.layers(changed);
            assertThat(after).hasSameSizeAs(before);
            assertThat(after.subList(0, after.size() - 1)).as("the base's and the libraries' layers")
                    .isEqualTo(before.subList(0, before.size() - 1));
            assertThat(after.get(after.size() - 1)).as("the application's layer").isNotEqualTo(before.get(before.size() - 1));
        } finally {
            ContainerImage.remove(changed);
        }
    }

    @Test
    void givenTheDemoSeed_whenTheQuickstartRunsThroughTheContainer_thenTheInvoiceIsPaidAndItsWebhooksArriveSigned() throws Exception {
        String image = ContainerImage.jvm();
        try (Receiver receiver = new Receiver(ordinal -> 204);
                PackagedService service = PackagedService.startContainerWithDemoSeed(image, Battery.LOOPBACK_RECEIVERS)) {
            assertThat(healthCheck(service.instance())).as("the image's own health check, run by podman").isZero();
            String secret = registerTestEndpoint(service, receiver.url());

            Map<String, String> values = QuickstartRun.check(service, workingDirectory);

            String invoiceId = values.get("invoice id");
            Receiver.await(() -> events(receiver, invoiceId).containsAll(List.of("invoice.created", "invoice.paid")),
                    Duration.ofSeconds(30));
            for (Receiver.Received received : receiver.received()) {
                assertThat(Receiver.signatureValid(received, secret)).as("signature of %s", received.body()).isTrue();
            }
        }
    }

    @Test
    void givenInvoicesBeingCreated_whenTheContainerGetsSigterm_thenItStopsAndEveryAcknowledgedInvoiceIsKept() throws Exception {
        String image = ContainerImage.jvm();
        try (PackagedService service = PackagedService.startContainerWithDemoSeed(image, Map.of())) {
            String key = export(service, "PUBLIC_KEY");
            BatteryClient client = new BatteryClient(List.of(service.instance()));
            Map<String, String> acknowledged = new ConcurrentHashMap<>();
            List<String> otherAnswers = new ArrayList<>();
            AtomicBoolean stopped = new AtomicBoolean();
            ExecutorService clients = Executors.newFixedThreadPool(CLIENTS);
            try {
                List<Future<?>> running = new ArrayList<>();
                for (int i = 0; i < CLIENTS; i++) {
                    running.add(clients.submit(() -> createUntilRefused(client, key, stopped, acknowledged, otherAnswers)));
                }
                Thread.sleep(LOAD_BEFORE_SIGTERM.toMillis());
                service.instance().terminate();
                int status = service.instance().awaitExit(Duration.ofSeconds(30));
                stopped.set(true);
                for (Future<?> each : running) {
                    each.get();
                }
                assertThat(status).as("exit status after SIGTERM: the JVM's own, 128 + 15").isEqualTo(143);
            } finally {
                stopped.set(true);
                clients.shutdownNow();
            }

            assertThat(acknowledged).as("invoices acknowledged before the stop").isNotEmpty();
            assertThat(service.database().number("SELECT count(*) FROM collection_documents WHERE id = ANY(?::uuid[])",
                    acknowledged.values().stream().collect(Collectors.joining(",", "{", "}"))))
                    .as("acknowledged invoices in the database after the stop").isEqualTo(acknowledged.size());
            assertThat(otherAnswers).as("answers other than 201 before the service stopped listening").allMatch(answer -> answer.startsWith("503"));
        }
    }

    /** Creates invoices one after another until the service refuses the connection or {@code stopped}. */
    private static Void createUntilRefused(BatteryClient client, String key, AtomicBoolean stopped, Map<String, String> acknowledged,
            List<String> otherAnswers) throws Exception {
        while (!stopped.get()) {
            String providerId = "SIGTERM-" + UUID.randomUUID();
            Answer answer;
            try {
                answer = client.send(Call.post("/v1/invoices", Json.object("reference", "V-12.345.678", "provider", "demo-erp",
                                "provider_id", providerId, "amount", 12.5, "name", "Shutdown test"))
                        .header("Authorization", "Bearer " + key).header("x-idempotency", providerId));
            } catch (ConnectException | HttpTimeoutException refusedOrGone) {
                return null;
            } catch (IOException cutShort) {
                // Sent while the service closed its connections: not acknowledged, so nothing is owed.
                continue;
            }
            if (answer.status() == 201) {
                acknowledged.put(providerId, answer.json().getString("id"));
            } else {
                synchronized (otherAnswers) {
                    otherAnswers.add(answer.status() + " " + answer.body());
                }
            }
        }
        return null;
    }

    private static int healthCheck(ServiceInstance instance) throws Exception {
        return new ProcessBuilder("podman", "healthcheck", "run", instance.container()).inheritIO().start().waitFor();
    }

    /** Logs the seed's administrator in and registers a test-environment endpoint; answers its signing secret. */
    private static String registerTestEndpoint(PackagedService service, String url) throws Exception {
        BatteryClient client = new BatteryClient(List.of(service.instance()));
        Answer login = client.send(Call.post("/auth/token",
                Json.object("email", export(service, "ADMIN_EMAIL"), "password", export(service, "ADMIN_PASSWORD"))));
        assertThat(login.status()).as("admin login: %s", login).isEqualTo(200);
        Answer endpoint = client.send(Call.post("/companies/" + export(service, "COMPANY_ID") + "/webhook-endpoints",
                        Json.object("url", url, "environment", "test"))
                .header("Authorization", "Bearer " + login.json().getString("accessToken")));
        assertThat(endpoint.status()).as("endpoint registration: %s", endpoint).isEqualTo(201);
        return endpoint.json().getString("secret");
    }

    private static List<String> events(Receiver receiver, String invoiceId) {
        return receiver.received().stream().filter(received -> received.body().contains(invoiceId))
                .map(received -> new JsonPath(received.body()).getString("type")).toList();
    }

    private static String export(PackagedService service, String name) {
        return PackagedService.exported(service.seedExports(), name);
    }

    private static void copyTree(Path from, Path to) throws IOException {
        try (Stream<Path> paths = Files.walk(from)) {
            for (Path path : paths.toList()) {
                Path target = to.resolve(from.relativize(path).toString());
                if (Files.isDirectory(path)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(path, target);
                }
            }
        }
    }
}
