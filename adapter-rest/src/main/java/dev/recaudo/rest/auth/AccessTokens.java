package dev.recaudo.rest.auth;

import dev.recaudo.application.admin.AdminAuthenticationUseCase.AdminPrincipal;
import dev.recaudo.application.apikey.ApiKeyAuthenticationUseCase.KeyPrincipal;
import dev.recaudo.domain.admin.AdminUserId;
import dev.recaudo.domain.apikey.ApiKeyId;
import dev.recaudo.domain.company.CompanyId;
import dev.recaudo.domain.security.SigningKeyStore;
import dev.recaudo.domain.security.SigningKeyStore.EncodedKeyPair;
import dev.recaudo.rest.common.PathIds;
import dev.recaudo.rest.common.RestSettings;
import io.smallrye.jwt.auth.principal.JWTParser;
import io.smallrye.jwt.auth.principal.ParseException;
import io.smallrye.jwt.build.Jwt;
import io.smallrye.jwt.build.JwtClaimsBuilder;
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
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import java.util.UUID;
import org.eclipse.microprofile.jwt.Claims;
import org.eclipse.microprofile.jwt.JsonWebToken;

/**
 * Signed access tokens (RS256 JWTs) for administrators and for the checkout helper, built with
 * smallrye-jwt-build and verified with smallrye-jwt's parser. The key pair lives in the database,
 * created by whichever instance starts first, so tokens verify on every instance and survive
 * restarts. A {@code token_use} claim and an audience per use keep an admin token from opening
 * checkout endpoints and the other way round.
 *
 * <p>A signature only proves who signed a token; the claims must also be ones this service would
 * have written: our issuer and the use's audience, an issue time that is not in the future (beyond
 * {@link #CLOCK_SKEW_SECONDS}), and a lifetime no longer than the configured one. The subject is
 * checked against the database by the caller, on every request.
 */
@ApplicationScoped
public class AccessTokens {

    static final String ISSUER = "recaudo";
    static final String KEY_NAME = "access-tokens-rs256";
    private static final String TOKEN_USE = "token_use";
    private static final String COMPANY_ID = "company_id";
    private static final String EMAIL = "email";
    /**
     * How far in the future a token's issue time may be: instances sign with their own clocks, and
     * one may run a little ahead of another. Anything beyond is a token we did not issue.
     */
    static final long CLOCK_SKEW_SECONDS = 60;

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

    /** What a verified admin token claims; whether that administrator still exists is checked by the caller. */
    public record AdminClaims(CompanyId companyId, AdminUserId adminUserId) {}

    /** What a verified checkout token claims; whether that key is still active is checked by the caller. */
    public record CheckoutClaims(CompanyId companyId, ApiKeyId keyId) {}

    public IssuedToken issueAdmin(AdminPrincipal admin) {
        return issueAdmin(admin, clock.instant());
    }

    /** Issues as if at the given instant; lets tests hold a token that has already expired. */
    public IssuedToken issueAdmin(AdminPrincipal admin, Instant issuedAt) {
        return issue(TokenUse.ADMIN, admin.adminUserId().toString(), admin.companyId(), issuedAt,
                Map.of(EMAIL, admin.email()));
    }

    public IssuedToken issueCheckout(KeyPrincipal key) {
        return issue(TokenUse.CHECKOUT, key.key().id().toString(), key.companyId(), clock.instant(), Map.of());
    }

    /** The claims {@link #isOurs} expects of a token of this use, and any the use adds. */
    private IssuedToken issue(TokenUse use, String subject, CompanyId companyId, Instant issuedAt,
            Map<String, String> useClaims) {
        Duration lifetime = lifetime(use);
        JwtClaimsBuilder claims = Jwt.issuer(ISSUER)
                .audience(use.audience)
                .subject(subject)
                .claim(TOKEN_USE, use.claim)
                .claim(COMPANY_ID, companyId.toString());
        useClaims.forEach(claims::claim);
        String token = claims.issuedAt(issuedAt)
                .expiresAt(issuedAt.plus(lifetime))
                .jws()
                .keyId(KEY_NAME)
                .sign(keys().privateKey());
        return new IssuedToken(token, lifetime.toSeconds());
    }

    /** The administrator and company a valid, unexpired admin token names. */
    public Optional<AdminClaims> verifyAdmin(String token) {
        return verify(token, TokenUse.ADMIN).map(ids -> new AdminClaims(new CompanyId(ids.companyId()),
                new AdminUserId(ids.subject())));
    }

    /** The key and company named by a valid, unexpired checkout token. */
    public Optional<CheckoutClaims> verifyCheckout(String token) {
        return verify(token, TokenUse.CHECKOUT).map(ids -> new CheckoutClaims(new CompanyId(ids.companyId()),
                new ApiKeyId(ids.subject())));
    }

    /** The two ids every token of ours names. */
    private record TokenIds(UUID subject, UUID companyId) {}

    /**
     * The ids of a token this service wrote. Its subject and company are UUIDs, written in their
     * canonical form; a token signed with our key that names anything else is not one we wrote
     * (a stolen key, an insider), and is refused like a bad signature.
     */
    private Optional<TokenIds> verify(String token, TokenUse use) {
        JsonWebToken jwt;
        try {
            jwt = parser.verify(token, keys().publicKey());
        } catch (ParseException | IllegalArgumentException invalid) {
            return Optional.empty();
        }
        if (!isOurs(jwt, use) || !(jwt.getClaim(COMPANY_ID) instanceof String companyId)) {
            return Optional.empty();
        }
        Optional<UUID> subject = PathIds.parse(jwt.getSubject());
        Optional<UUID> company = PathIds.parse(companyId);
        return subject.isPresent() && company.isPresent()
                ? Optional.of(new TokenIds(subject.get(), company.get()))
                : Optional.empty();
    }

    /** The claims this service writes when it issues a token of this use, and times that fit its lifetime. */
    private boolean isOurs(JsonWebToken jwt, TokenUse use) {
        Set<String> audience = jwt.getAudience();
        OptionalLong issuedAt = epochSeconds(jwt, Claims.iat);
        OptionalLong expiresAt = epochSeconds(jwt, Claims.exp);
        if (issuedAt.isEmpty() || expiresAt.isEmpty()) {
            return false;
        }
        long now = clock.instant().getEpochSecond();
        return ISSUER.equals(jwt.getIssuer())
                && audience != null && audience.contains(use.audience)
                && use.claim.equals(jwt.getClaim(TOKEN_USE))
                && jwt.getSubject() != null
                && jwt.getClaim(COMPANY_ID) != null
                && issuedAt.getAsLong() <= now + CLOCK_SKEW_SECONDS
                && expiresAt.getAsLong() > now
                && expiresAt.getAsLong() - issuedAt.getAsLong() <= lifetime(use).toSeconds();
    }

    private Duration lifetime(TokenUse use) {
        return switch (use) {
            case ADMIN -> adminLifetime;
            case CHECKOUT -> checkoutLifetime;
        };
    }

    private static OptionalLong epochSeconds(JsonWebToken jwt, Claims claim) {
        return jwt.getClaim(claim.name()) instanceof Number seconds
                ? OptionalLong.of(seconds.longValue())
                : OptionalLong.empty();
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
        ADMIN("admin", "recaudo-admin"),
        CHECKOUT("checkout", "recaudo-checkout");

        private final String claim;
        private final String audience;

        TokenUse(String claim, String audience) {
            this.claim = claim;
            this.audience = audience;
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
