package dev.recaudo.rest.common;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.recaudo.domain.security.SigningKeyStore;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/** Sealed pagination cursors: what one seals opens again, and nothing altered, forged or foreign does. */
class CursorsTest {

    /** A store holding one secret per name, creating it on first use, and counting the loads. */
    private static final class OneSecretStore implements SigningKeyStore {
        private byte[] secret;
        private final List<String> loads = new ArrayList<>();

        @Override
        public EncodedKeyPair loadOrCreate(String name, Supplier<EncodedKeyPair> generator) {
            throw new UnsupportedOperationException("cursors use a secret only");
        }

        @Override
        public byte[] loadOrCreateSecret(String name, Supplier<byte[]> generator) {
            loads.add(name);
            if (secret == null) {
                secret = generator.get();
            }
            return secret;
        }
    }

    private final OneSecretStore store = new OneSecretStore();
    private final Cursors cursors = new Cursors(store);

    private static void assertRefused(Runnable open, String saying) {
        assertThatThrownBy(open::run).isInstanceOfSatisfying(ApiProblem.class, problem -> {
            assertThat(problem.problem()).isEqualTo(Problem.VALIDATION);
            assertThat(problem.errors()).containsOnlyKeys("cursor");
            assertThat(problem.getMessage()).isEqualTo("cursor " + saying);
        });
    }

    private void assertNotIssued(String cursor) {
        assertRefused(() -> cursors.open("payments", cursor), "is not a cursor this API issued");
    }

    @Test
    void givenASealedPosition_whenOpenedByItsList_thenTheSameFormatAndPosition() {
        String position = "2026-11-23T18:05:57.649123Z|4711|a|b\nc";

        String cursor = cursors.seal("sync1", "payments", position);

        assertThat(cursor).matches("[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+");
        assertThat(cursors.open("payments", cursor)).isEqualTo(new Cursors.Opened(Optional.of("sync1"), position));
    }

    @Test
    void givenACursorOfAnotherList_whenOpened_thenRefusedNamingTheListThatIssuedIt() {
        String cursor = cursors.seal("sync1", "collection-documents", "42");

        assertRefused(() -> cursors.open("payments", cursor),
                "was issued by another list (collection-documents): a cursor continues only the list that issued it");
    }

    @Test
    void givenAnAlteredCursor_whenOpened_thenRefusedAsNotIssued() {
        String cursor = cursors.seal("sync1", "payments", "42");
        int dot = cursor.indexOf('.');
        String forgedPayload = Base64.getUrlEncoder().withoutPadding()
                .encodeToString("sync1|payments|43".getBytes(StandardCharsets.UTF_8));
        char firstOfSeal = cursor.charAt(dot + 1);
        String otherSeal = cursor.substring(0, dot + 1) + (firstOfSeal == 'A' ? 'B' : 'A') + cursor.substring(dot + 2);

        assertNotIssued(forgedPayload + cursor.substring(dot));
        assertNotIssued(otherSeal);
        assertNotIssued(cursor + "A");
        assertNotIssued(cursor.substring(0, cursor.length() - 2));
    }

    @Test
    void givenTextThatIsNoCursor_whenOpened_thenRefusedAsNotIssued() {
        for (String text : new String[] {null, "", "no-dot", ".c2ln", "%%%.%%%", "a".repeat(600) + ".b"}) {
            assertNotIssued(text);
        }
    }

    @Test
    void givenACursorSealedUnderAnotherSecret_whenOpened_thenRefusedAsNotIssued() {
        String foreign = new Cursors(new OneSecretStore()).seal("sync1", "payments", "42");

        assertNotIssued(foreign);
    }

    @Test
    void givenCursors_whenSealedAndOpened_thenTheSecretIsLoadedOnceAndOnlyWhenFirstNeeded() {
        assertThat(store.loads).isEmpty();

        cursors.open("payments", cursors.seal("sync1", "payments", "1"));
        cursors.seal("sync1", "payments", "2");

        assertThat(store.loads).containsExactly("cursor-hmac-sha256");
        assertThat(store.secret).hasSize(32);
    }
}
