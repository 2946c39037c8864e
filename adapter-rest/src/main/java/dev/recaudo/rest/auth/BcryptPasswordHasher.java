package dev.recaudo.rest.auth;

import at.favre.lib.crypto.bcrypt.BCrypt;
import dev.recaudo.domain.admin.PasswordHasher;
import jakarta.enterprise.context.ApplicationScoped;
import java.nio.charset.StandardCharsets;
import dev.recaudo.rest.common.RestSettings;

/** bcrypt (2a) through Patrick Favre's library; the cost is configuration ({@code recaudo.admin.password-hash-cost}). */
@ApplicationScoped
public class BcryptPasswordHasher implements PasswordHasher {

    private final int cost;

    public BcryptPasswordHasher(RestSettings settings) {
        this.cost = settings.admin().passwordHashCost();
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
