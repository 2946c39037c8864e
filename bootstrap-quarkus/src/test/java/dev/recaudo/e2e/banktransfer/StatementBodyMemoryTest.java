package dev.recaudo.e2e.banktransfer;

import static org.assertj.core.api.Assertions.assertThat;

import dev.recaudo.e2e.support.Heap;
import dev.recaudo.e2e.support.OpenFiles;
import dev.recaudo.e2e.support.PausedUpload;
import dev.recaudo.e2e.support.RawHttp;
import dev.recaudo.e2e.support.Signer;
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
 * A signed statement import is verified as it is read and kept on disk, not in the heap: twenty-four
 * imports of 7 MiB, each stopped after 4 MiB, are all in flight at once when the heap is measured.
 * Held in memory they would take about 100 MiB (more with the buffers' growth); kept on disk, a few.
 * Their signatures are wrong on purpose: each is refused only once its whole body was read, and its
 * file is let go of when its exchange ends, though no resource ever read it.
 */
@QuarkusTest
class StatementBodyMemoryTest {

    private static final int IMPORTS = 24;
    private static final long FILLER_BYTES = 7L * 1024 * 1024;
    private static final long SENT_BEFORE_PAUSE_BYTES = 4L * 1024 * 1024;
    private static final long HEAP_GROWTH_MAX_BYTES = 40L * 1024 * 1024;
    private static final byte[] PREFIX = "<?xml version=\"1.0\"?><!--".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] FILLER = " ".repeat(64 * 1024).getBytes(StandardCharsets.US_ASCII);
    private static final byte[] SUFFIX = "--><Document/>".getBytes(StandardCharsets.US_ASCII);

    @Test
    void givenTwentyFourLargeSignedImportsInFlight_whenTheServiceReadsThem_thenTheHeapStaysFlatAndEachIsAnswered()
            throws Exception {
        Tenants.Company company = Tenants.company();
        Tenants.Key key = company.key("bank feed", List.of("bank_statements:write"), "bank-feed");
        String path = "/companies/" + company.id() + "/bank-statements";
        long heapBefore = Heap.usedAfterCollection();
        CountDownLatch release = new CountDownLatch(1);
        List<PausedUpload> imports = new ArrayList<>();
        for (int i = 0; i < IMPORTS; i++) {
            imports.add(new PausedUpload(path, Map.of("Authorization", "Bearer " + key.secret(),
                    "Service-Timestamp", Signer.now(), "Service-Signature", "v1=" + "0".repeat(64),
                    "Idempotency-Key", UUID.randomUUID().toString(), "X-Receiving-Account", UUID.randomUUID().toString(),
                    "Content-Type", "application/xml"),
                    new PausedUpload.Body(PREFIX, FILLER, FILLER_BYTES, SUFFIX, i % 2 == 0), SENT_BEFORE_PAUSE_BYTES, release));
        }
        for (PausedUpload upload : imports) {
            assertThat(upload.awaitPaused()).as("4 MiB written or the connection closed").isTrue();
        }

        long heapGrowth = Heap.usedAfterCollection() - heapBefore;
        release.countDown();

        assertThat(heapGrowth).as("heap growth with %d imports in flight", IMPORTS).isLessThan(HEAP_GROWTH_MAX_BYTES);
        for (PausedUpload upload : imports) {
            RawHttp.Reply reply = upload.awaitReply();
            assertThat(reply.status()).isEqualTo(401);
            assertThat(reply.json().getString("error.code")).isEqualTo("invalid_signature");
        }
        OpenFiles.awaitNoneNaming("recaudo-statement-");
    }
}
