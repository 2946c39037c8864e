package dev.recaudo.e2e.support;

import dev.recaudo.battery.ServiceInstance;
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

    /**
     * A sealer with the run's configured keyring and the battery instances' key, so the checks that
     * run both in-process and on the battery ({@code *Checks}) open what either stored.
     */
    public static SecretSealer sealer() {
        var config = ConfigProvider.getConfig();
        String keys = config.getOptionalValue("recaudo.secrets.keys", String.class)
                .map(configured -> configured + "," + ServiceInstance.SEALING_KEYRING).orElse(ServiceInstance.SEALING_KEYRING);
        String active = config.getOptionalValue("recaudo.secrets.active-key", String.class).orElse(ServiceInstance.SEALING_KEY_ID);
        return new SecretSealer(Keyring.parse(Optional.of(keys), Optional.of(active)), new SecureRandom());
    }

    public static byte[] open(SecretColumn column, Object rowId, byte[] stored) {
        return sealer().open(column, rowId, stored);
    }
}
