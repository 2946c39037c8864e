package dev.recaudo.rest.auth;

import at.favre.lib.crypto.bcrypt.BCrypt;
import dev.recaudo.domain.admin.PasswordHasher;
import jakarta.enterprise.context.ApplicationScoped;
import java.nio.charset.StandardCharsets;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/** bcrypt (2a) through Patrick Favre's library; the cost is configurable and defaults to 12. */
@ApplicationScoped
public class BcryptPasswordHasher implements PasswordHasher {

    private final int cost;

    public BcryptPasswordHasher(@ConfigProperty(name = "recaudo.admin.password-hash-cost", defaultValue = "12") int cost) {
        this.cost = cost;
    }

    @Override
    public String hash(String password) {
        return BCrypt.withDefaults().hashToString(cost, password.toCharArray());
    }

    @Override
    public boolean matches(String password, String hash) {
        return BCrypt.verifyer()
                .verify(password.getBytes(StandardCharsets.UTF_8), hash.getBytes(StandardCharsets.UTF_8))
                .verified;
    }
}
