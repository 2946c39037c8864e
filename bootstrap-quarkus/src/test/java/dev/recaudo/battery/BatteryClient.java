package dev.recaudo.battery;

import io.restassured.path.json.JsonPath;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * An HTTP client over several service instances, as a load balancer would be: {@link #send} picks
 * the next instance round robin, per request; {@link #sendWithFailover} sends the very same request
 * (same headers, so the same {@code Idempotency-Key}) to the other instance when one gives no answer.
 * The secrets and personal data of every request and answer are registered for the log scan
 * ({@link SensitiveFields}). Thread-safe; one client serves every thread of a test.
 */
public final class BatteryClient {

    private static final Duration REQUEST_TIMEOUT = Duration.ofSeconds(60);
    private static final Duration FAILOVER_DEADLINE = Duration.ofSeconds(120);
    private static final long FAILOVER_PAUSE_MILLIS = 200;

    private final List<ServiceInstance> instances;
    private final AtomicLong next = new AtomicLong();
    private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(5)).build();

    public BatteryClient(List<ServiceInstance> instances) {
        this.instances = List.copyOf(instances);
    }

    /** A request, independent of the instance it goes to. Build with {@link #get} or {@link #post}, then {@link #header}. */
    public record Call(String method, String path, Map<String, String> headers, String body) {

        public static Call get(String path) {
            return new Call("GET", path, Map.of(), "");
        }

        public static Call post(String path, String jsonBody) {
            return new Call("POST", path, Map.of("Content-Type", "application/json"), jsonBody);
        }

        public static Call of(String method, String path, String jsonBody) {
            return new Call(method, path, jsonBody.isEmpty() ? Map.of() : Map.of("Content-Type", "application/json"), jsonBody);
        }

        /** This call with one more header. */
        public Call header(String name, String value) {
            Map<String, String> more = new LinkedHashMap<>(headers);
            more.put(name, value);
            return new Call(method, path, Map.copyOf(more), body);
        }
    }

    /**
     * What an instance answered.
     *
     * @param instance index of the instance that answered, in the order the client was given them
     * @param attempts requests sent for it: more than one when earlier instances gave no answer
     */
    public record Answer(int status, String body, Map<String, List<String>> headers, int instance, int attempts) {

        public JsonPath json() {
            return JsonPath.from(body);
        }

        public String header(String name) {
            return headers.entrySet().stream().filter(entry -> entry.getKey().equalsIgnoreCase(name))
                    .flatMap(entry -> entry.getValue().stream()).findFirst().orElse(null);
        }

        public boolean isServerError() {
            return status >= 500;
        }

        @Override
        public String toString() {
            return status + " from instance " + instance + " after " + attempts + " attempt(s): " + body;
        }
    }

    /** Sends to the next instance in turn; an instance that gives no answer is an {@link IOException}. */
    public Answer send(Call call) throws IOException, InterruptedException {
        int instance = nextInstance();
        return sendTo(instance, call, 1);
    }

    /**
     * Sends to the next instance in turn; when it gives no answer (refused, reset, timed out), sends
     * the same call to the following instance, and so on, pausing briefly between rounds, for up to
     * two minutes. Every answer, a 5xx included, is returned as it came.
     */
    public Answer sendWithFailover(Call call) throws IOException, InterruptedException {
        int instance = nextInstance();
        long deadline = System.nanoTime() + FAILOVER_DEADLINE.toNanos();
        for (int attempt = 1; ; attempt++) {
            try {
                return sendTo(instance, call, attempt);
            } catch (IOException noAnswer) {
                if (System.nanoTime() > deadline) {
                    throw new IOException("no instance answered " + call.method() + " " + call.path() + " in "
                            + FAILOVER_DEADLINE.toSeconds() + " s", noAnswer);
                }
                instance = (instance + 1) % instances.size();
                if (attempt % instances.size() == 0) {
                    TimeUnit.MILLISECONDS.sleep(FAILOVER_PAUSE_MILLIS);
                }
            }
        }
    }

    /** Sends to one instance, by its index. */
    public Answer sendTo(int instance, Call call) throws IOException, InterruptedException {
        return sendTo(instance, call, 1);
    }

    private Answer sendTo(int instance, Call call, int attempt) throws IOException, InterruptedException {
        SensitiveFields.register(call);
        URI uri = instances.get(instance).baseUri().resolve(call.path());
        HttpRequest.Builder request = HttpRequest.newBuilder(uri).timeout(REQUEST_TIMEOUT)
                .method(call.method(), call.body().isEmpty() ? HttpRequest.BodyPublishers.noBody()
                        : HttpRequest.BodyPublishers.ofString(call.body()));
        call.headers().forEach(request::header);
        HttpResponse<String> response = http.send(request.build(), HttpResponse.BodyHandlers.ofString());
        SensitiveFields.registerBody(response.body());
        return new Answer(response.statusCode(), response.body(), response.headers().map(), instance, attempt);
    }

    private int nextInstance() {
        return (int) (next.getAndIncrement() % instances.size());
    }
}
