package dev.recaudo.e2e.operations;

import static org.assertj.core.api.Assertions.assertThat;

import dev.recaudo.e2e.support.Heap;
import dev.recaudo.e2e.support.RawHttp;
import dev.recaudo.e2e.support.Tenants;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.RestAssured;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Bodies over the cap leave memory flat (issue 12, "Resource limits"): fifty bodies of 8 MiB each,
 * half with a declared length and half in chunks, are all in flight at once, each stopped after
 * 4 MiB, when the heap is measured. The bodies are generated as they are written, so the only
 * copies that could be in the heap are the service's. With the cap lifted, the service held
 * 349 MiB at that point (docs/reliability.md, "Resource limits"); with it, about 1 MiB.
 */
@QuarkusTest
class OversizedBodyMemoryTest {

    private static final int BODIES = 50;
    private static final long FILLER_BYTES = 8L * 1024 * 1024;
    private static final long SENT_BEFORE_PAUSE_BYTES = 4L * 1024 * 1024;
    private static final long HEAP_GROWTH_MAX_BYTES = 64L * 1024 * 1024;
    private static final int CHUNK_BYTES = 64 * 1024;
    private static final byte[] PREFIX = "{\"amountMinor\":100,\"currency\":\"USD\",\"metadata\":{\"filler\":[0"
            .getBytes(StandardCharsets.US_ASCII);
    private static final byte[] SUFFIX = "]}}".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] FILLER = filler();
    private static final long BODY_BYTES = PREFIX.length + FILLER_BYTES + SUFFIX.length;

    private static byte[] filler() {
        byte[] chunk = new byte[CHUNK_BYTES];
        for (int i = 0; i < chunk.length; i += 2) {
            chunk[i] = ',';
            chunk[i + 1] = '0';
        }
        return chunk;
    }

    @Test
    void givenFiftyOversizedBodiesInFlightAtOnce_whenTheServiceRefusesThem_thenTheHeapStaysFlatAndEachGetsTheEnvelope()
            throws Exception {
        Tenants.Key shop = Tenants.company().key("shop", List.of("payments:create"), "shop");
        long heapBefore = Heap.usedAfterCollection();
        CountDownLatch release = new CountDownLatch(1);
        List<InFlight> flights = new ArrayList<>();
        for (int i = 0; i < BODIES; i++) {
            flights.add(new InFlight(Map.of("X-API-Key", shop.secret(), "Idempotency-Key", UUID.randomUUID().toString(),
                    "Content-Type", "application/json"), i % 2 == 0, release));
        }
        for (InFlight flight : flights) {
            assertThat(flight.paused.await(60, TimeUnit.SECONDS)).as("4 MiB written or the connection closed").isTrue();
        }

        long heapGrowth = Heap.usedAfterCollection() - heapBefore;
        release.countDown();

        assertThat(heapGrowth).as("heap growth with %d bodies in flight", BODIES).isLessThan(HEAP_GROWTH_MAX_BYTES);
        for (InFlight flight : flights) {
            RawHttp.Reply reply = flight.reply.get(60, TimeUnit.SECONDS);
            assertThat(reply.status()).as(flight.chunked ? "chunked" : "declared length").isEqualTo(413);
            assertThat(reply.json().getMap("")).containsOnlyKeys("statusCode", "message", "error", "timestamp", "path");
        }
    }

    /** One connection: a writer that stops after 4 MiB until released, and a reader that takes the answer whenever it comes. */
    private static final class InFlight {

        final boolean chunked;
        final CountDownLatch paused = new CountDownLatch(1);
        final CompletableFuture<RawHttp.Reply> reply = new CompletableFuture<>();
        private final Socket socket = new Socket();

        InFlight(Map<String, String> headers, boolean chunked, CountDownLatch release) throws IOException {
            this.chunked = chunked;
            socket.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), RestAssured.port), 10_000);
            socket.setSoTimeout(120_000);
            StringBuilder head = new StringBuilder("POST /external/payments HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n");
            headers.forEach((name, value) -> head.append(name).append(": ").append(value).append("\r\n"));
            head.append(chunked ? "Transfer-Encoding: chunked\r\n" : "Content-Length: " + BODY_BYTES + "\r\n").append("\r\n");
            Thread writer = new Thread(() -> write(head.toString(), release), "oversized-writer");
            writer.setDaemon(true);
            writer.start();
            Thread reader = new Thread(this::read, "oversized-reader");
            reader.setDaemon(true);
            reader.start();
        }

        private void read() {
            try (socket) {
                reply.complete(RawHttp.read(socket.getInputStream()));
            } catch (IOException | RuntimeException e) {
                reply.completeExceptionally(e);
            }
        }

        /** The body is {@code PREFIX}, 8 MiB of ",0", then {@code SUFFIX}: valid JSON, made as it goes. */
        private void write(String head, CountDownLatch release) {
            try {
                OutputStream out = socket.getOutputStream();
                out.write(head.getBytes(StandardCharsets.ISO_8859_1));
                part(out, PREFIX, PREFIX.length);
                for (long written = 0; written < FILLER_BYTES; written += CHUNK_BYTES) {
                    if (written >= SENT_BEFORE_PAUSE_BYTES && paused.getCount() > 0) {
                        out.flush();
                        paused.countDown();
                        release.await(120, TimeUnit.SECONDS);
                    }
                    part(out, FILLER, CHUNK_BYTES);
                }
                part(out, SUFFIX, SUFFIX.length);
                if (chunked) {
                    out.write("0\r\n\r\n".getBytes(StandardCharsets.ISO_8859_1));
                }
                out.flush();
            } catch (IOException closedEarly) {
                // The service answered and closed before reading the whole body: the answer is what counts.
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } finally {
                paused.countDown();
            }
        }

        private void part(OutputStream out, byte[] bytes, int length) throws IOException {
            if (chunked) {
                out.write((Integer.toHexString(length) + "\r\n").getBytes(StandardCharsets.ISO_8859_1));
            }
            out.write(bytes, 0, length);
            if (chunked) {
                out.write("\r\n".getBytes(StandardCharsets.ISO_8859_1));
            }
        }
    }
}
