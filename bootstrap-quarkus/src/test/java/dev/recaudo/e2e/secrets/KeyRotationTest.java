package dev.recaudo.e2e.secrets;

import static dev.recaudo.e2e.support.ScratchDatabase.execute;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.recaudo.e2e.support.Parallel;
import dev.recaudo.e2e.support.PostgresTestDatabase;
import dev.recaudo.e2e.support.ScratchDatabase;
import dev.recaudo.persistence.common.NativeSql;
import dev.recaudo.persistence.secret.Keyring;
import dev.recaudo.persistence.secret.PlaintextRetirement;
import dev.recaudo.persistence.secret.SecretColumn;
import dev.recaudo.persistence.secret.SecretResealing;
import dev.recaudo.persistence.secret.SecretSealer;
import dev.recaudo.persistence.secret.SecretUnreadable;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.postgresql.ds.PGSimpleDataSource;

/**
 * The documented rotation, on a database of its own: values sealed under key A and plaintext rows
 * from before sealing, re-sealed under key B by two instances' passes at once (each reading one row
 * per batch), after which a keyring holding only B opens everything; and a secret rotated while the
 * pass holds its old value keeps the rotation. Once plaintext is over (the pass's milestone, or the
 * operator's pin), the pass never seals a plaintext value planted later. Where it is also refused
 * (production, or the pin), a rotation of that endpoint's secret fails on reading it and seals nothing;
 * elsewhere the value is in use, and a rotation keeps it, sealed, as the previous secret until the
 * overlap ends (docs/decisions.md, "The refusal of plaintext does not hang on a row alone").
 */
class KeyRotationTest {

    private static final String KEY_A = "a:" + randomKey();
    private static final String KEY_B = "b:" + randomKey();

    private final UUID company = UUID.randomUUID();
    private final UUID sealedEndpoint = UUID.randomUUID();
    private final UUID legacyEndpoint = UUID.randomUUID();
    private final byte[] privateKey = randomBytes(48);

    @Test
    void givenValuesUnderKeyAAndPlaintext_whenKeyBBecomesActive_thenTwoPassesReSealEachOnceUnderB() throws Exception {
        try (ScratchDatabase database = new ScratchDatabase()) {
            database.migrateTo("latest");
            SecretSealer underA = sealer(KEY_A, "a");
            try (Connection connection = database.connect()) {
                insertRows(connection, underA);
            }
            NativeSql sql = new NativeSql(dataSource(database));
            SecretSealer aAndB = sealer(KEY_A + "," + KEY_B, "b");

            List<SecretResealing.Outcome> outcomes = Parallel.run(2, List.of(() -> new SecretResealing(sql, aAndB, 1).resealAll(),
                    () -> new SecretResealing(sql, aAndB, 1).resealAll()));

            assertThat(outcomes.stream().mapToInt(SecretResealing.Outcome::resealed).sum()).as("each value rewritten once")
                    .isEqualTo(5);
            assertThat(outcomes).allSatisfy(outcome -> assertThat(outcome.left()).isZero());
            SecretSealer onlyB = sealer(KEY_B, "b");
            try (Connection connection = database.connect()) {
                assertThat(stored(connection, "SELECT private_key FROM signing_keys")).allSatisfy(value ->
                        assertThat(new String(value, StandardCharsets.UTF_8)).startsWith("sealed:v1:b:"));
                assertThat(stored(connection, "SELECT convert_to(secret, 'UTF8') FROM webhook_endpoints")).allSatisfy(value ->
                        assertThat(new String(value, StandardCharsets.UTF_8)).startsWith("sealed:v1:b:"));
                assertThat(onlyB.open(SecretColumn.SIGNING_KEYS, "access-tokens-rs256",
                        stored(connection, "SELECT private_key FROM signing_keys WHERE name = 'access-tokens-rs256'").get(0)))
                        .isEqualTo(privateKey);
                assertThat(onlyB.openText(SecretColumn.WEBHOOK_ENDPOINTS, sealedEndpoint, text(connection, sealedEndpoint)))
                        .isEqualTo("whsec_sealed");
                assertThat(onlyB.openText(SecretColumn.WEBHOOK_ENDPOINTS, legacyEndpoint, text(connection, legacyEndpoint)))
                        .isEqualTo("whsec_legacy");
                assertThat(new String(stored(connection, "SELECT convert_to(secret, 'UTF8') FROM external_payment_secrets").get(0),
                        StandardCharsets.UTF_8)).startsWith("sealed:v1:b:");
            }
            assertThat(new SecretResealing(sql, onlyB, 1).resealAll()).isEqualTo(new SecretResealing.Outcome(0, 0, 0));
        }
    }

    @Test
    void givenAValueUnderAKeyThatLeftTheKeyring_whenThePassRuns_thenItIsCountedAsLeftAndReadingItFails() throws Exception {
        try (ScratchDatabase database = new ScratchDatabase()) {
            NativeSql sql = withRowsUnderA(database);
            SecretSealer onlyB = sealer(KEY_B, "b");

            SecretResealing.Outcome outcome = new SecretResealing(sql, onlyB, 10).resealAll();

            assertThat(outcome).as("the plaintext rows are sealed; the three under A cannot be opened")
                    .isEqualTo(new SecretResealing.Outcome(2, 3, 3));
            try (Connection connection = database.connect()) {
                String underA = text(connection, sealedEndpoint);
                assertThat(underA).startsWith("sealed:v1:a:");
                assertThatThrownBy(() -> onlyB.openText(SecretColumn.WEBHOOK_ENDPOINTS, sealedEndpoint, underA))
                        .isInstanceOf(SecretUnreadable.class).hasMessageContaining("key 'a'");
            }
        }
    }

    @Test
    void givenASecretReplacedBetweenThePassReadingAndWritingIt_whenThePassWrites_thenTheReplacementStays() throws Exception {
        try (ScratchDatabase database = new ScratchDatabase()) {
            database.migrateTo("latest");
            try (Connection connection = database.connect()) {
                insertRows(connection, sealer(KEY_A, "a"));
            }
            SecretSealer aAndB = sealer(KEY_A + "," + KEY_B, "b");
            String replacement = aAndB.sealText(SecretColumn.EXTERNAL_PAYMENT_SECRETS, company, "whsec_rotated");
            NativeSql rotatedMeanwhile = new NativeSql(dataSource(database)) {
                @Override
                public int update(String sql, Object... parameters) {
                    if (sql.startsWith("UPDATE external_payment_secrets")) {
                        super.update("UPDATE external_payment_secrets SET secret = ? WHERE company_id = ?", replacement, company);
                    }
                    return super.update(sql, parameters);
                }
            };

            SecretResealing.Outcome outcome = new SecretResealing(rotatedMeanwhile, aAndB, 10).resealAll();

            assertThat(outcome).isEqualTo(new SecretResealing.Outcome(4, 0, 0));
            try (Connection connection = database.connect()) {
                String stored = new String(stored(connection, "SELECT convert_to(secret, 'UTF8') FROM external_payment_secrets")
                        .get(0), StandardCharsets.UTF_8);
                assertThat(aAndB.openText(SecretColumn.EXTERNAL_PAYMENT_SECRETS, company, stored)).isEqualTo("whsec_rotated");
            }
        }
    }

    /**
     * Review F7: outside production, the milestone refused nothing, so the next pass sealed a planted
     * plaintext value, which then opened as genuine everywhere.
     */
    @Test
    void givenTheMilestoneReached_whenAPlaintextValueIsPlanted_thenThePassReportsItAndDoesNotSealIt() throws Exception {
        try (ScratchDatabase database = new ScratchDatabase()) {
            NativeSql sql = withRowsUnderA(database);
            SecretSealer underA = sealer(KEY_A, "a");
            assertThat(new SecretResealing(sql, underA, 10, new PlaintextRetirement(sql, false, false)).resealAll())
                    .isEqualTo(new SecretResealing.Outcome(2, 0, 0));
            assertThat(count(sql, "SELECT count(*) FROM secret_sealing_milestones")).isEqualTo(1);
            try (Connection connection = database.connect()) {
                execute(connection, "UPDATE webhook_endpoints SET secret = 'whsec_planted' WHERE id = ?", legacyEndpoint);
            }

            SecretResealing.Outcome outcome = new SecretResealing(sql, underA, 10, new PlaintextRetirement(sql, false, false))
                    .resealAll();

            assertThat(outcome).isEqualTo(new SecretResealing.Outcome(0, 1, 1));
            try (Connection connection = database.connect()) {
                assertThat(text(connection, legacyEndpoint)).isEqualTo("whsec_planted");
            }
        }
    }

    /**
     * Review F7: the milestone is a row that anyone who can write to the database can delete; with
     * {@code recaudo.secrets.refuse-plaintext} a planted value is refused and left unsealed all the same.
     */
    @Test
    void givenPlaintextRefusedByTheOperator_whenTheMilestoneIsDeletedAndAValuePlanted_thenRefusedAndNotSealed() throws Exception {
        try (ScratchDatabase database = new ScratchDatabase()) {
            NativeSql sql = withRowsUnderA(database);
            try (Connection connection = database.connect()) {
                execute(connection, "DELETE FROM secret_sealing_milestones");
            }
            PlaintextRetirement pinned = new PlaintextRetirement(sql, true, true);
            SecretSealer underA = new SecretSealer(Keyring.parse(Optional.of(KEY_A), Optional.of("a")), new SecureRandom(),
                    pinned::refused);

            SecretResealing.Outcome outcome = new SecretResealing(sql, underA, 10, pinned).resealAll();

            assertThat(outcome).as("the two plaintext rows are refused, not sealed").isEqualTo(new SecretResealing.Outcome(0, 2, 2));
            try (Connection connection = database.connect()) {
                String legacy = text(connection, legacyEndpoint);
                assertThat(legacy).isEqualTo("whsec_legacy");
                assertThatThrownBy(() -> underA.openText(SecretColumn.WEBHOOK_ENDPOINTS, legacyEndpoint, legacy))
                        .isInstanceOf(SecretUnreadable.class).hasMessageContaining("stored in plaintext")
                        .hasMessageNotContaining("whsec_legacy");
            }
        }
    }

    /** The database migrated, with {@link #insertRows} under key A, and statements on it. */
    private NativeSql withRowsUnderA(ScratchDatabase database) throws SQLException {
        database.migrateTo("latest");
        try (Connection connection = database.connect()) {
            insertRows(connection, sealer(KEY_A, "a"));
        }
        return new NativeSql(dataSource(database));
    }

    private static long count(NativeSql sql, String query) {
        return sql.queryOne(query, row -> row.getLong(1)).orElseThrow();
    }

    /** Three values under A (a signing key, a cursor secret, an endpoint) and two plaintext rows (an endpoint, a callback secret). */
    private void insertRows(Connection connection, SecretSealer underA) throws SQLException {
        execute(connection, "INSERT INTO companies (id, name, reference_currency, enabled, created_at, updated_at)"
                + " VALUES (?, 'Acme', 'USD', true, now(), now())", company);
        execute(connection, "INSERT INTO signing_keys (name, algorithm, private_key, public_key, created_at)"
                + " VALUES ('access-tokens-rs256', 'RSA', ?, ?, now())",
                underA.seal(SecretColumn.SIGNING_KEYS, "access-tokens-rs256", privateKey), new byte[] {1});
        execute(connection, "INSERT INTO signing_keys (name, algorithm, private_key, public_key, created_at)"
                + " VALUES ('cursor-hmac-sha256', 'secret', ?, ?, now())",
                underA.seal(SecretColumn.SIGNING_KEYS, "cursor-hmac-sha256", new byte[32]), new byte[0]);
        insertEndpoint(connection, sealedEndpoint, underA.sealText(SecretColumn.WEBHOOK_ENDPOINTS, sealedEndpoint, "whsec_sealed"));
        insertEndpoint(connection, legacyEndpoint, "whsec_legacy");
        execute(connection, "INSERT INTO external_payment_secrets (company_id, secret, created_at) VALUES (?, 'whsec_callbacks', now())",
                company);
    }

    private void insertEndpoint(Connection connection, UUID id, String secret) throws SQLException {
        execute(connection, "INSERT INTO webhook_endpoints (id, company_id, is_test, url, events, secret, created_at)"
                + " VALUES (?, ?, false, 'https://hooks.example.test/', '{invoice.paid}', ?, now())", id, company, secret);
    }

    private static String text(Connection connection, UUID endpoint) throws SQLException {
        return new String(stored(connection, "SELECT convert_to(secret, 'UTF8') FROM webhook_endpoints WHERE id = '" + endpoint + "'").get(0),
                StandardCharsets.UTF_8);
    }

    private static List<byte[]> stored(Connection connection, String query) throws SQLException {
        List<byte[]> values = new ArrayList<>();
        try (Statement statement = connection.createStatement(); ResultSet rows = statement.executeQuery(query)) {
            while (rows.next()) {
                values.add(rows.getBytes(1));
            }
        }
        return values;
    }

    private static SecretSealer sealer(String keyring, String active) {
        return new SecretSealer(Keyring.parse(Optional.of(keyring), Optional.of(active)), new SecureRandom());
    }

    private static PGSimpleDataSource dataSource(ScratchDatabase database) throws SQLException {
        PGSimpleDataSource dataSource = new PGSimpleDataSource();
        try (Connection connection = database.connect()) {
            dataSource.setURL(connection.getMetaData().getURL());
        }
        dataSource.setUser(PostgresTestDatabase.USER);
        dataSource.setPassword(PostgresTestDatabase.PASSWORD);
        return dataSource;
    }

    private static String randomKey() {
        return Base64.getEncoder().encodeToString(randomBytes(32));
    }

    private static byte[] randomBytes(int length) {
        byte[] bytes = new byte[length];
        new SecureRandom().nextBytes(bytes);
        return bytes;
    }
}
