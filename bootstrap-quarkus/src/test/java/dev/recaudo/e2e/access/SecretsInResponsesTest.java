package dev.recaudo.e2e.access;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import dev.recaudo.battery.SensitiveValues;
import dev.recaudo.battery.SensitiveValues.Form;
import dev.recaudo.battery.SensitiveValues.Kind;
import dev.recaudo.e2e.messaging.WhatsApp;
import dev.recaudo.e2e.support.Integrations;
import dev.recaudo.e2e.support.Tenants;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/**
 * Issue 12, secrets in responses: with keys created and rotated, a webhook endpoint registered and
 * the callback secret read, every GET of the route table ({@code /q/openapi}) is called with every
 * credential its scheme takes (the administrator's token; a live, a test and a rotated-away key;
 * the checkout token; the WhatsApp verify token; none), and so are the operational {@code /q/}
 * pages. No answer, body or headers, holds a key (whole, without its prefix, or its stored hash),
 * the admin password, a webhook or callback secret, a bearer token or a configured secret, except
 * the one documented read of the callback secret. The other one-time answers (key create and
 * rotate, endpoint registration) are writes, never read again.
 */
@QuarkusTest
class SecretsInResponsesTest {

    /** The only GET allowed to answer a secret: the callback secret, to its administrator. */
    private static final String CALLBACK_SECRET_READ = "GET /companies/{companyId}/webhook-secret";
    private static final List<String> OPERATIONAL_PAGES = List.of("/q/openapi", "/q/health", "/q/metrics");

    /** One credential a GET can be sent with, by name. */
    private record Credential(String name, Function<String, Response> get) {}

    @Test
    void givenKeysEndpointsAndSecretsCreated_whenEveryGetIsCalledWithEveryCredential_thenNoSecretOutsideItsDocumentedRead() {
        SecretsWorld world = SecretsWorld.build();
        List<Form> forbidden = forbidden(world);
        List<Form> callbackSecret = SensitiveValues.formsOf(Kind.WEBHOOK_SECRET, world.callbackSecret());
        List<String> leaks = new ArrayList<>();
        TreeSet<String> unanswered = new TreeSet<>();
        for (RouteTable.Operation operation : RouteTable.operations()) {
            if (!operation.method().equals("GET")) {
                continue;
            }
            String path = world.fill(operation);
            boolean answered = false;
            for (Credential credential : credentials(world, operation)) {
                Response response = credential.get().apply(path);
                answered |= response.statusCode() == 200;
                String seen = response.asString() + "\n" + response.getHeaders();
                for (Form form : forbidden) {
                    boolean allowed = operation.name().equals(CALLBACK_SECRET_READ) && callbackSecret.contains(form);
                    if (seen.contains(form.text()) && !allowed) {
                        leaks.add(operation.name() + " with " + credential.name() + ": " + form.describe());
                    }
                }
            }
            if (!answered) {
                unanswered.add(operation.name());
            }
        }
        for (String page : OPERATIONAL_PAGES) {
            String seen = given().get(page).then().statusCode(200).extract().asString();
            forbidden.stream().filter(form -> seen.contains(form.text())).forEach(form -> leaks.add(page + ": " + form.describe()));
        }
        assertThat(unanswered).as("GETs that no credential could read (their answers were never checked)").isEmpty();
        assertThat(leaks).as("secrets answered outside their documented one-time responses").isEmpty();
    }

    /** Every form of every secret the world holds. */
    private static List<Form> forbidden(SecretsWorld world) {
        Map<String, Kind> secrets = new LinkedHashMap<>();
        world.keySecrets().forEach(secret -> secrets.put(secret, Kind.API_KEY));
        secrets.put(Tenants.PASSWORD, Kind.PASSWORD);
        secrets.put(world.endpointSecret(), Kind.WEBHOOK_SECRET);
        secrets.put(world.callbackSecret(), Kind.WEBHOOK_SECRET);
        secrets.put(world.company().adminToken(), Kind.BEARER_TOKEN);
        secrets.put(world.checkoutToken(), Kind.BEARER_TOKEN);
        secrets.put(Tenants.OPERATOR_TOKEN, Kind.CONFIGURED_SECRET);
        secrets.put(WhatsApp.APP_SECRET, Kind.CONFIGURED_SECRET);
        secrets.put(WhatsApp.VERIFY_TOKEN, Kind.CONFIGURED_SECRET);
        List<Form> forms = new ArrayList<>();
        secrets.forEach((secret, kind) -> forms.addAll(SensitiveValues.formsOf(kind, secret)));
        return forms;
    }

    /** The credentials the operation's security scheme takes, plus a key that no longer works where a key is taken. */
    private static List<Credential> credentials(SecretsWorld world, RouteTable.Operation operation) {
        List<Credential> credentials = new ArrayList<>();
        if (operation.schemes().contains("adminJwt")) {
            credentials.add(new Credential("the admin token", path -> given().auth().oauth2(world.company().adminToken()).get(path)));
        }
        if (operation.schemes().contains("operatorToken")) {
            credentials.add(new Credential("the operator token", path -> given().auth().oauth2(Tenants.OPERATOR_TOKEN).get(path)));
        }
        if (operation.schemes().contains("checkoutToken")) {
            credentials.add(new Credential("the checkout token", path -> given().auth().oauth2(world.checkoutToken()).get(path)));
        }
        world.keys().forEach((name, key) -> {
            if (operation.schemes().contains("integrationsSignature")) {
                credentials.add(new Credential("the " + name + " key, signed", path -> Integrations.get(key, path)));
            } else if (operation.schemes().contains("apiKeyBearer")) {
                credentials.add(new Credential("the " + name + " key", path -> given().auth().oauth2(key.secret()).get(path)));
            } else if (operation.schemes().contains("xApiKey")) {
                credentials.add(new Credential("the " + name + " key", path -> given().header("X-API-Key", key.secret()).get(path)));
            }
        });
        if (operation.schemes().contains("whatsappVerifyToken")) {
            credentials.add(new Credential("the verify token", path -> given().queryParam("hub.mode", "subscribe")
                    .queryParam("hub.verify_token", WhatsApp.VERIFY_TOKEN).queryParam("hub.challenge", "1158201444").get(path)));
        }
        if (operation.schemes().isEmpty()) {
            credentials.add(new Credential("no credential", path -> given().get(path)));
        }
        return credentials;
    }
}
