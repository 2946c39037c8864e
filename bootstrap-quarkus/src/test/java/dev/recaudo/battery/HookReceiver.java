package dev.recaudo.battery;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.Collectors;

/**
 * A real webhook receiver on loopback, answering {@code 204} to everything and keeping each request
 * it was sent (its {@code webhook-id}, body and arrival), for the crash tests' delivery counts.
 */
public final class HookReceiver implements AutoCloseable {

    /** One request as received. */
    public record Received(String webhookId, String body, Instant at) {}

    private final HttpServer server;
    private final List<Received> received = new CopyOnWriteArrayList<>();

    public HookReceiver() throws IOException {
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/hook", exchange -> {
            try (InputStream in = exchange.getRequestBody()) {
                String body = new String(in.readAllBytes(), StandardCharsets.UTF_8);
                received.add(new Received(exchange.getRequestHeaders().getFirst("webhook-id"), body, Instant.now()));
            }
            exchange.sendResponseHeaders(204, -1);
            exchange.close();
        });
        server.start();
    }

    public String url() {
        return "http://127.0.0.1:" + server.getAddress().getPort() + "/hook";
    }

    public List<Received> received() {
        return List.copyOf(received);
    }

    /** How many times each {@code webhook-id} arrived. */
    public Map<String, Long> countsById() {
        return received.stream().collect(Collectors.groupingBy(Received::webhookId, Collectors.counting()));
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
