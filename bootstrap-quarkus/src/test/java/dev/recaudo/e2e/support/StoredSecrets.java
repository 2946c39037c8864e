package dev.recaudo.e2e.support;

import dev.recaudo.persistence.secret.Keyring;
import dev.recaudo.persistence.secret.SecretColumn;
import dev.recaudo.persistence.secret.SecretSealer;
import java.security.SecureRandom;
import java.util.Optional;
import org.eclipse.microprofile.config.ConfigProvider;

/**
 * Opens secrets the service stored, with the keyring the test run configures: what an insider who
 * stole both the database and the key could do, for tests that need the stored secret itself.
 */
public final class StoredSecrets {

    private StoredSecrets() {}

    /** A sealer with the run's configured keyring. */
    public static SecretSealer sealer() {
        var config = ConfigProvider.getConfig();
        return new SecretSealer(Keyring.parse(config.getOptionalValue("recaudo.secrets.keys", String.class),
                config.getOptionalValue("recaudo.secrets.active-key", String.class)), new SecureRandom());
    }

    public static byte[] open(SecretColumn column, Object rowId, byte[] stored) {
        return sealer().open(column, rowId, stored);
    }
}
