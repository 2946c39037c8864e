package dev.recaudo.e2e.support;

import static org.assertj.core.api.Assertions.assertThat;

import dev.recaudo.persistence.secret.SecretColumn;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.security.spec.PKCS8EncodedKeySpec;
import java.security.spec.X509EncodedKeySpec;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;

/**
 * The service's token signing pair, read from the database (and its private half opened with the
 * configured sealing key) as an insider who stole both would, so that tests can sign tokens only the
 * claim checks can refuse.
 */
public final class SigningKeys {

    /** The row in which the service keeps its token signing pair. */
    public static final String NAME = "access-tokens-rs256";

    private SigningKeys() {}

    public static PrivateKey privateKey() {
        return read("private_key", (factory, bytes) -> factory.generatePrivate(
                new PKCS8EncodedKeySpec(StoredSecrets.open(SecretColumn.SIGNING_KEYS, NAME, bytes))));
    }

    public static PublicKey publicKey() {
        return read("public_key", (factory, bytes) -> factory.generatePublic(new X509EncodedKeySpec(bytes)));
    }

    /** The public key's encoded bytes, the secret an algorithm-confusion attacker would try as an HMAC key. */
    public static byte[] publicKeyBytes() {
        return publicKey().getEncoded();
    }

    @FunctionalInterface
    private interface Decode<T> {
        T from(KeyFactory factory, byte[] encoded) throws GeneralSecurityException;
    }

    private static <T> T read(String column, Decode<T> decode) {
        try (Connection connection = ServiceUnderTest.connect();
                PreparedStatement statement = connection.prepareStatement(
                        "SELECT algorithm, " + column + " FROM signing_keys WHERE name = ?")) {
            statement.setString(1, NAME);
            try (ResultSet row = statement.executeQuery()) {
                assertThat(row.next()).as("the service has stored its signing key").isTrue();
                return decode.from(KeyFactory.getInstance(row.getString("algorithm")), row.getBytes(column));
            }
        } catch (SQLException | GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }
}
