package dev.recaudo.e2e.operations;

import static org.assertj.core.api.Assertions.assertThat;

import dev.recaudo.e2e.support.Heap;
import dev.recaudo.e2e.support.PausedUpload;
import dev.recaudo.e2e.support.RawHttp;
import dev.recaudo.e2e.support.Tenants;
import io.quarkus.test.junit.QuarkusTest;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
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
        List<PausedUpload> flights = new ArrayList<>();
        for (int i = 0; i < BODIES; i++) {
            flights.add(new PausedUpload("/external/payments", Map.of("X-API-Key", shop.secret(), "Idempotency-Key",
                    UUID.randomUUID().toString(), "Content-Type", "application/json"),
                    new PausedUpload.Body(PREFIX, FILLER, FILLER_BYTES, SUFFIX, i % 2 == 0), SENT_BEFORE_PAUSE_BYTES, release));
        }
        for (PausedUpload flight : flights) {
            assertThat(flight.awaitPaused()).as("4 MiB written or the connection closed").isTrue();
        }

        long heapGrowth = Heap.usedAfterCollection() - heapBefore;
        release.countDown();

        assertThat(heapGrowth).as("heap growth with %d bodies in flight", BODIES).isLessThan(HEAP_GROWTH_MAX_BYTES);
        for (PausedUpload flight : flights) {
            RawHttp.Reply reply = flight.awaitReply();
            assertThat(reply.status()).isEqualTo(413);
            assertThat(reply.json().getMap("")).containsOnlyKeys("statusCode", "message", "error", "timestamp", "path");
        }
    }
}
