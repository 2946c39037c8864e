package dev.recaudo.e2e.webhooks;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;
import java.util.function.IntUnaryOperator;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * A real HTTP receiver on loopback that records every request (public for the battery's races). {@code statusFor} decides the
 * answer from the request's ordinal (1 for the first request).
 */
public final class Receiver implements AutoCloseable {

    public record Received(Map<String, List<String>> headers, String body, int answeredWith) {
        public String header(String name) {
            return headers.entrySet().stream()
                    .filter(e -> e.getKey().equalsIgnoreCase(name))
                    .map(e -> e.getValue().get(0))
                    .findFirst()
                    .orElse(null);
        }
    }

    private final HttpServer server;
    private final List<Received> received = new CopyOnWriteArrayList<>();
    private final AtomicInteger count = new AtomicInteger();

    public Receiver(IntUnaryOperator statusFor) throws IOException {
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/hook", exchange -> {
            byte[] body;
            try (InputStream in = exchange.getRequestBody()) {
                body = in.readAllBytes();
            }
            int status = statusFor.applyAsInt(count.incrementAndGet());
            received.add(new Received(Map.copyOf(exchange.getRequestHeaders()), new String(body, StandardCharsets.UTF_8), status));
            exchange.sendResponseHeaders(status, -1);
            exchange.close();
        });
        server.start();
    }

    /** Standard Webhooks verification written here, independently of the service's signer. */
    public static boolean signatureValid(Receiver.Received request, String secret) throws Exception {
        byte[] key = Base64.getDecoder().decode(secret.substring("whsec_".length()));
        Mac mac = Mac.getInstance("HmacSHA256");
        mac.init(new SecretKeySpec(key, "HmacSHA256"));
        String signed = request.header("webhook-id") + "." + request.header("webhook-timestamp") + "." + request.body();
        String expected = "v1," + Base64.getEncoder().encodeToString(mac.doFinal(signed.getBytes(StandardCharsets.UTF_8)));
        long age = Math.abs(System.currentTimeMillis() / 1000 - Long.parseLong(request.header("webhook-timestamp")));
        return List.of(request.header("webhook-signature").split(" ")).contains(expected) && age < 300;
    }

    public static void await(BooleanSupplier condition, Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (!condition.getAsBoolean()) {
            assertThat(System.nanoTime()).as("condition not met in %s", timeout).isLessThan(deadline);
            Thread.sleep(50);
        }
    }

    public String url() {
        return "http://127.0.0.1:" + server.getAddress().getPort() + "/hook";
    }

    public List<Received> received() {
        return List.copyOf(received);
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
