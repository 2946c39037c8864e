package dev.recaudo.e2e.access;

import dev.recaudo.e2e.support.SigningKeys;
import java.nio.charset.StandardCharsets;
import java.security.Key;
import java.time.Instant;
import java.util.Base64;
import java.util.List;
import java.util.UUID;
import org.jose4j.jws.AlgorithmIdentifiers;
import org.jose4j.jws.JsonWebSignature;
import org.jose4j.jwt.JwtClaims;
import org.jose4j.jwt.NumericDate;
import org.jose4j.keys.HmacKey;
import org.jose4j.lang.JoseException;

/** Admin and checkout tokens as an insider holding the service's signing key would write them, and forgeries of them. */
final class ForgedTokens {

    private ForgedTokens() {}

    /** Claims exactly as the service writes them, so that only the signature or one named claim differs. */
    static JwtClaims claims(String audience, String use, UUID subject, UUID company, Instant now) {
        JwtClaims claims = new JwtClaims();
        claims.setIssuer("recaudo");
        claims.setAudience(audience);
        claims.setSubject(subject.toString());
        claims.setClaim("token_use", use);
        claims.setClaim("company_id", company.toString());
        claims.setIssuedAt(NumericDate.fromSeconds(now.getEpochSecond()));
        claims.setExpirationTime(NumericDate.fromSeconds(now.plusSeconds(300).getEpochSecond()));
        return claims;
    }

    /** The same claims unsigned, and signed with HS256 keyed with the public key (DER and PEM). */
    static List<String> forgeries(JwtClaims claims) {
        String header = base64("{\"alg\":\"none\",\"typ\":\"JWT\",\"kid\":\"" + SigningKeys.NAME + "\"}");
        String payload = base64(claims.toJson());
        byte[] der = SigningKeys.publicKeyBytes();
        String pem = "-----BEGIN PUBLIC KEY-----\n" + Base64.getMimeEncoder(64, "\n".getBytes(StandardCharsets.US_ASCII))
                .encodeToString(der) + "\n-----END PUBLIC KEY-----\n";
        return List.of(header + "." + payload + ".", header + "." + payload,
                sign(claims, AlgorithmIdentifiers.HMAC_SHA256, new HmacKey(der)),
                sign(claims, AlgorithmIdentifiers.HMAC_SHA256, new HmacKey(pem.getBytes(StandardCharsets.US_ASCII))));
    }

    static String rs256(JwtClaims claims) {
        return sign(claims, AlgorithmIdentifiers.RSA_USING_SHA256, SigningKeys.privateKey());
    }

    private static String sign(JwtClaims claims, String algorithm, Key key) {
        JsonWebSignature signature = new JsonWebSignature();
        signature.setPayload(claims.toJson());
        signature.setKey(key);
        signature.setKeyIdHeaderValue(SigningKeys.NAME);
        signature.setAlgorithmHeaderValue(algorithm);
        signature.setDoKeyValidation(false);
        try {
            return signature.getCompactSerialization();
        } catch (JoseException e) {
            throw new IllegalStateException(e);
        }
    }

    private static String base64(String json) {
        return Base64.getUrlEncoder().withoutPadding().encodeToString(json.getBytes(StandardCharsets.UTF_8));
    }
}
