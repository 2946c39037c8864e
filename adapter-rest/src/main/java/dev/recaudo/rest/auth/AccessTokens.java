package dev.recaudo.rest.auth;

import dev.recaudo.application.admin.AdminAuthenticationUseCase.AdminPrincipal;
import dev.recaudo.application.apikey.ApiKeyAuthenticationUseCase.KeyPrincipal;
import dev.recaudo.domain.admin.AdminUserId;
import dev.recaudo.domain.apikey.ApiKeyId;
import dev.recaudo.domain.company.CompanyId;
import dev.recaudo.domain.security.SigningKeyStore;
import dev.recaudo.domain.security.SigningKeyStore.EncodedKeyPair;
import dev.recaudo.rest.common.RestSettings;
import io.smallrye.jwt.auth.principal.JWTParser;
import io.smallrye.jwt.auth.principal.ParseException;
import io.smallrye.jwt.build.Jwt;
import jakarta.enterprise.context.ApplicationScoped;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.security.spec.PKCS8EncodedKeySpec;
import java.security.spec.X509EncodedKeySpec;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.UUID;
import org.eclipse.microprofile.jwt.JsonWebToken;

/**
 * Signed access tokens (RS256 JWTs) for administrators and for the checkout helper, built with
 * smallrye-jwt-build and verified with smallrye-jwt's parser. The key pair lives in the database,
 * created by whichever instance starts first, so tokens verify on every instance and survive
 * restarts. A {@code token_use} claim keeps an admin token from opening checkout endpoints and
 * the other way round.
 */
@ApplicationScoped
public class AccessTokens {

    static final String ISSUER = "recaudo";
    static final String KEY_NAME = "access-tokens-rs256";
    private static final String TOKEN_USE = "token_use";
    private static final String COMPANY_ID = "company_id";
    private static final String EMAIL = "email";

    private final SigningKeyStore store;
    private final JWTParser parser;
    private final Clock clock;
    private final Duration adminLifetime;
    private final Duration checkoutLifetime;
    private volatile Keys keys;

    public AccessTokens(
            SigningKeyStore store,
            JWTParser parser,
            Clock clock,
            RestSettings settings) {
        this.store = store;
        this.parser = parser;
        this.clock = clock;
        this.adminLifetime = Duration.ofSeconds(settings.admin().tokenLifetimeSeconds());
        this.checkoutLifetime = Duration.ofSeconds(settings.checkout().tokenLifetimeSeconds());
    }

    public record IssuedToken(String accessToken, long expiresInSeconds) {}

    public record CheckoutClaims(CompanyId companyId, ApiKeyId keyId) {}

    public IssuedToken issueAdmin(AdminPrincipal admin) {
        return issueAdmin(admin, clock.instant());
    }

    /** Issues as if at the given instant; lets tests hold a token that has already expired. */
    public IssuedToken issueAdmin(AdminPrincipal admin, Instant issuedAt) {
        String token = Jwt.issuer(ISSUER)
                .subject(admin.adminUserId().toString())
                .claim(TOKEN_USE, TokenUse.ADMIN.claim)
                .claim(COMPANY_ID, admin.companyId().toString())
                .claim(EMAIL, admin.email())
                .issuedAt(issuedAt)
                .expiresAt(issuedAt.plus(adminLifetime))
                .jws()
                .keyId(KEY_NAME)
                .sign(keys().privateKey());
        return new IssuedToken(token, adminLifetime.toSeconds());
    }

    public IssuedToken issueCheckout(KeyPrincipal key) {
        Instant now = clock.instant();
        String token = Jwt.issuer(ISSUER)
                .subject(key.key().id().toString())
                .claim(TOKEN_USE, TokenUse.CHECKOUT.claim)
                .claim(COMPANY_ID, key.companyId().toString())
                .issuedAt(now)
                .expiresAt(now.plus(checkoutLifetime))
                .jws()
                .keyId(KEY_NAME)
                .sign(keys().privateKey());
        return new IssuedToken(token, checkoutLifetime.toSeconds());
    }

    /** The administrator named by a valid, unexpired admin token. */
    public Optional<AdminPrincipal> verifyAdmin(String token) {
        return verify(token, TokenUse.ADMIN).map(jwt -> new AdminPrincipal(
                new AdminUserId(UUID.fromString(jwt.getSubject())),
                new CompanyId(UUID.fromString(jwt.getClaim(COMPANY_ID))),
                jwt.getClaim(EMAIL)));
    }

    /** The key and company named by a valid, unexpired checkout token. */
    public Optional<CheckoutClaims> verifyCheckout(String token) {
        return verify(token, TokenUse.CHECKOUT).map(jwt -> new CheckoutClaims(
                new CompanyId(UUID.fromString(jwt.getClaim(COMPANY_ID))),
                new ApiKeyId(UUID.fromString(jwt.getSubject()))));
    }

    private Optional<JsonWebToken> verify(String token, TokenUse use) {
        try {
            JsonWebToken jwt = parser.verify(token, keys().publicKey());
            boolean fits = ISSUER.equals(jwt.getIssuer())
                    && use.claim.equals(jwt.getClaim(TOKEN_USE))
                    && jwt.getSubject() != null
                    && jwt.getClaim(COMPANY_ID) != null;
            return fits ? Optional.of(jwt) : Optional.empty();
        } catch (ParseException | IllegalArgumentException invalid) {
            return Optional.empty();
        }
    }

    private Keys keys() {
        Keys loaded = keys;
        if (loaded == null) {
            synchronized (this) {
                if (keys == null) {
                    keys = Keys.decode(store.loadOrCreate(KEY_NAME, Keys::generate));
                }
                loaded = keys;
            }
        }
        return loaded;
    }

    private enum TokenUse {
        ADMIN("admin"),
        CHECKOUT("checkout");

        private final String claim;

        TokenUse(String claim) {
            this.claim = claim;
        }
    }

    private record Keys(PrivateKey privateKey, PublicKey publicKey) {

        static EncodedKeyPair generate() {
            try {
                KeyPairGenerator generator = KeyPairGenerator.getInstance("RSA");
                generator.initialize(2048);
                KeyPair pair = generator.generateKeyPair();
                return new EncodedKeyPair("RSA", pair.getPrivate().getEncoded(), pair.getPublic().getEncoded());
            } catch (GeneralSecurityException e) {
                throw new IllegalStateException("cannot generate the token signing key", e);
            }
        }

        static Keys decode(EncodedKeyPair encoded) {
            try {
                KeyFactory factory = KeyFactory.getInstance(encoded.algorithm());
                return new Keys(
                        factory.generatePrivate(new PKCS8EncodedKeySpec(encoded.privateKeyPkcs8())),
                        factory.generatePublic(new X509EncodedKeySpec(encoded.publicKeyX509())));
            } catch (GeneralSecurityException e) {
                throw new IllegalStateException("the stored token signing key cannot be read", e);
            }
        }
    }
}
