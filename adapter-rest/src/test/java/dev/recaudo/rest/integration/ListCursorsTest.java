package dev.recaudo.rest.integration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.recaudo.domain.common.ChangePosition;
import dev.recaudo.domain.security.SigningKeyStore;
import dev.recaudo.rest.common.ApiProblem;
import dev.recaudo.rest.common.Cursors;
import dev.recaudo.rest.common.KeysetCursors;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Base64;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.function.Supplier;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.Test;

/** Cursors of the customers, documents and payments lists: each continues only the list that issued it. */
class ListCursorsTest {

    private static final byte[] SECRET = new byte[32];

    private final Cursors cursors = new Cursors(new SigningKeyStore() {
        @Override
        public EncodedKeyPair loadOrCreate(String name, Supplier<EncodedKeyPair> generator) {
            throw new UnsupportedOperationException("cursors use a secret only");
        }

        @Override
        public byte[] loadOrCreateSecret(String name, Supplier<byte[]> generator) {
            return SECRET;
        }
    });

    private final ChangePosition change = new ChangePosition(4_711, UUID.randomUUID());
    private final Instant at = Instant.parse("2026-11-23T18:05:57.649123Z");
    private final UUID id = UUID.randomUUID();

    private String customersCursor() {
        return IntegrationCursors.next(cursors, List.of(id), true, item -> at, item -> item);
    }

    private static String sealedUntagged(String payload) throws Exception {
        Mac mac = Mac.getInstance("HmacSHA256");
        mac.init(new SecretKeySpec(SECRET, "HmacSHA256"));
        byte[] bytes = payload.getBytes(StandardCharsets.UTF_8);
        Base64.Encoder base64 = Base64.getUrlEncoder().withoutPadding();
        return base64.encodeToString(bytes) + "." + base64.encodeToString(mac.doFinal(bytes));
    }

    private static void assertRefused(Runnable open, String saying) {
        assertThatThrownBy(open::run).isInstanceOfSatisfying(ApiProblem.class, problem -> {
            assertThat(problem.errors()).containsOnlyKeys("cursor");
            assertThat(problem.getMessage()).startsWith("cursor " + saying);
        });
    }

    @Test
    void givenCursorsOfEachList_whenContinuingTheSameList_thenTheirPositions() {
        assertThat(IntegrationCursors.open(cursors, customersCursor())).hasValue(new KeysetCursors.Position(at, id));
        for (String list : List.of(SyncCursors.DOCUMENTS, SyncCursors.PAYMENTS)) {
            assertThat(SyncCursors.open(cursors, list, SyncCursors.next(cursors, list, Optional.of(change)))).hasValue(change);
        }
    }

    @Test
    void givenASyncCursor_whenContinuingTheCustomers_then400IssuedByAnotherList() {
        for (String list : List.of(SyncCursors.DOCUMENTS, SyncCursors.PAYMENTS)) {
            String cursor = SyncCursors.next(cursors, list, Optional.of(change));
            assertRefused(() -> IntegrationCursors.open(cursors, cursor), "was issued by another list (" + list + ")");
        }
    }

    @Test
    void givenACustomersCursor_whenContinuingASyncList_then400IssuedByAnotherList() {
        for (String list : List.of(SyncCursors.DOCUMENTS, SyncCursors.PAYMENTS)) {
            assertRefused(() -> SyncCursors.open(cursors, list, customersCursor()), "was issued by another list (customers)");
        }
        String documents = SyncCursors.next(cursors, SyncCursors.DOCUMENTS, Optional.of(change));
        assertRefused(() -> SyncCursors.open(cursors, SyncCursors.PAYMENTS, documents),
                "was issued by another list (collection-documents)");
    }

    /** Cursors were sealed untagged before they named their list: a timestamp and an id. */
    @Test
    void givenAnUntaggedTimestampCursor_whenContinuing_thenTheCustomersReadItAndTheSyncListsAskToStartAgain()
            throws Exception {
        String former = sealedUntagged(at + "|" + id);
        assertThat(IntegrationCursors.open(cursors, former)).hasValue(new KeysetCursors.Position(at, id));
        for (String list : List.of(SyncCursors.DOCUMENTS, SyncCursors.PAYMENTS)) {
            assertRefused(() -> SyncCursors.open(cursors, list, former), "was issued in a former format");
        }
    }

    @Test
    void givenACursorThisApiDidNotIssue_whenContinuing_then400NotIssued() {
        String forged = customersCursor() + "x";
        assertRefused(() -> IntegrationCursors.open(cursors, forged), "is not a cursor this API issued");
        assertRefused(() -> SyncCursors.open(cursors, SyncCursors.DOCUMENTS, "bm90LWEtY3Vyc29y.c2ln"),
                "is not a cursor this API issued");
    }
}
