package dev.recaudo.battery;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * An OpenTelemetry collector's OTLP/HTTP traces endpoint on loopback, as far as a test needs one:
 * it keeps every export request's protobuf body and answers each with an empty
 * {@code ExportTraceServiceResponse} (no body, status 200: all spans accepted). Protobuf writes a
 * string as its UTF-8 bytes and a trace id as its 16 raw bytes, so what a span carries is found in
 * the bodies without decoding them.
 */
final class OtlpCollector implements AutoCloseable {

    private final HttpServer server;
    private final List<byte[]> exports = new CopyOnWriteArrayList<>();

    private OtlpCollector(HttpServer server) {
        this.server = server;
    }

    static OtlpCollector start() throws IOException {
        HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        OtlpCollector collector = new OtlpCollector(server);
        server.createContext("/v1/traces", exchange -> {
            byte[] body = exchange.getRequestBody().readAllBytes();
            if ("POST".equals(exchange.getRequestMethod())
                    && "application/x-protobuf".equals(exchange.getRequestHeaders().getFirst("Content-Type"))) {
                collector.exports.add(body);
                exchange.getResponseHeaders().set("Content-Type", "application/x-protobuf");
                exchange.sendResponseHeaders(200, -1);
            } else {
                exchange.sendResponseHeaders(415, -1);
            }
            exchange.close();
        });
        server.start();
        return collector;
    }

    /** {@code environment} with tracing switched on and exported here, every 0.2 s. */
    Map<String, String> switchOn(Map<String, String> environment) {
        Map<String, String> traced = new HashMap<>(environment);
        traced.put("QUARKUS_OTEL_SDK_DISABLED", "false");
        traced.put("QUARKUS_OTEL_EXPORTER_OTLP_PROTOCOL", "http/protobuf");
        traced.put("QUARKUS_OTEL_EXPORTER_OTLP_ENDPOINT", "http://127.0.0.1:" + server.getAddress().getPort());
        traced.put("QUARKUS_OTEL_BSP_SCHEDULE_DELAY", "200ms");
        return traced;
    }

    /** Whether any export so far holds these bytes. */
    boolean received(byte[] wanted) {
        return exports.stream().anyMatch(body -> indexOf(body, wanted) >= 0);
    }

    private static int indexOf(byte[] body, byte[] wanted) {
        outer:
        for (int start = 0; start + wanted.length <= body.length; start++) {
            for (int i = 0; i < wanted.length; i++) {
                if (body[start + i] != wanted[i]) {
                    continue outer;
                }
            }
            return start;
        }
        return -1;
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
