package dev.recaudo.rest.auth;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;

/**
 * The integrations request signature verified for generated requests: a request signed with its key
 * verifies, and the same signature with one bit of the method, path, body or timestamp flipped, or
 * presented under another key, does not. The window is five minutes either way, its edge included.
 */
class RequestSignaturePropertyTest {

    private static final long TOLERANCE_SECONDS = 300;

    /** A request as the filter sees it; {@code query} is null when there is none. */
    record SignedRequest(String key, String timestamp, String method, String path, String query, byte[] body) {

        String signature(boolean withQuery) {
            String signedPath = withQuery ? path + "?" + query : path;
            return RequestSignature.sign(key, RequestSignature.canonical(timestamp, method, signedPath, body));
        }

        boolean verifies(String presented) {
            return RequestSignature.verifies(key, timestamp, method, path, query, body, presented);
        }

        SignedRequest withKey(String otherKey) {
            return new SignedRequest(otherKey, timestamp, method, path, query, body);
        }
    }

    @Property(tries = 200)
    void givenAGeneratedRequest_whenSignedWithItsKey_thenItVerifies(@ForAll("requests") SignedRequest request) {
        assertThat(request.verifies(request.signature(false))).isTrue();
        if (request.query() != null) {
            assertThat(request.verifies(request.signature(true))).isTrue();
        }
    }

    @Property(tries = 300)
    void givenOneBitOfTheMethodFlipped_whenVerified_thenRefused(@ForAll("requests") SignedRequest request,
            @ForAll @IntRange(min = 0, max = 63) int position, @ForAll @IntRange(min = 0, max = 7) int bit) {
        String presented = request.signature(false);
        String method = flip(request.method(), position % request.method().length(), bit);

        assertThat(RequestSignature.verifies(request.key(), request.timestamp(), method, request.path(), request.query(),
                request.body(), presented)).as(method).isFalse();
    }

    @Property(tries = 300)
    void givenOneBitOfThePathFlipped_whenVerified_thenRefused(@ForAll("requests") SignedRequest request,
            @ForAll @IntRange(min = 0, max = 1023) int position, @ForAll @IntRange(min = 0, max = 6) int bit) {
        String presented = request.signature(request.query() != null);
        String path = flip(request.path(), position % request.path().length(), bit);

        assertThat(RequestSignature.verifies(request.key(), request.timestamp(), request.method(), path, request.query(),
                request.body(), presented)).as(path).isFalse();
    }

    @Property(tries = 300)
    void givenOneBitOfTheBodyFlipped_whenVerified_thenRefused(@ForAll("requests") SignedRequest request,
            @ForAll @IntRange(min = 0, max = 4095) int position, @ForAll @IntRange(min = 0, max = 7) int bit) {
        String presented = request.signature(false);
        byte[] body = request.body().clone();
        if (body.length == 0) {
            body = new byte[] {(byte) (1 << bit)};
        } else {
            body[position % body.length] ^= (byte) (1 << bit);
        }

        assertThat(RequestSignature.verifies(request.key(), request.timestamp(), request.method(), request.path(),
                request.query(), body, presented)).isFalse();
    }

    /** A flipped timestamp is either no longer a timestamp (refused as malformed) or signs other text. */
    @Property(tries = 300)
    void givenOneBitOfTheTimestampFlipped_whenChecked_thenMalformedOrItDoesNotVerify(
            @ForAll("requests") SignedRequest request, @ForAll @IntRange(min = 0, max = 9) int position,
            @ForAll @IntRange(min = 0, max = 7) int bit) {
        String presented = request.signature(false);
        String timestamp = flip(request.timestamp(), position, bit);

        boolean accepted = RequestSignature.isTimestamp(timestamp) && RequestSignature.verifies(request.key(), timestamp,
                request.method(), request.path(), request.query(), request.body(), presented);

        assertThat(accepted).as(timestamp).isFalse();
    }

    @Property(tries = 200)
    void givenOneBitOfTheSignatureFlipped_whenChecked_thenMalformedOrItDoesNotVerify(
            @ForAll("requests") SignedRequest request, @ForAll @IntRange(min = 0, max = 66) int position,
            @ForAll @IntRange(min = 0, max = 7) int bit) {
        String presented = flip(request.signature(false), position, bit);

        assertThat(RequestSignature.hasShape(presented) && request.verifies(presented)).as(presented).isFalse();
    }

    @Property(tries = 100)
    void givenAnotherKey_whenVerifyingTheSignature_thenRefused(@ForAll("requests") SignedRequest request,
            @ForAll("keys") String otherKey) {
        String presented = request.signature(false);

        assertThat(request.withKey(otherKey).verifies(presented)).isEqualTo(otherKey.equals(request.key()));
    }

    @Property(tries = 300)
    void givenASkewAroundTheWindow_whenChecked_thenAcceptedExactlyUpToFiveMinutesEitherWay(
            @ForAll @LongRange(min = 1_000_000_000L, max = 9_999_999_999L - 1_000) long signedAt,
            @ForAll @LongRange(min = -1_000, max = 1_000) long skewSeconds) {
        String timestamp = Long.toString(signedAt);
        Instant now = Instant.ofEpochSecond(signedAt + skewSeconds);

        assertThat(RequestSignature.isWithinWindow(timestamp, now, TOLERANCE_SECONDS))
                .isEqualTo(Math.abs(skewSeconds) <= TOLERANCE_SECONDS);
    }

    @Property(tries = 100)
    void givenTheSkewsOfTheIssue_whenChecked_then299AcceptedAnd301RefusedBothWays(
            @ForAll @LongRange(min = 1_000_000_000L, max = 9_999_999_000L) long signedAt) {
        String timestamp = Long.toString(signedAt);

        for (long skewSeconds : new long[] {-299, 299, -300, 300}) {
            assertThat(RequestSignature.isWithinWindow(timestamp, Instant.ofEpochSecond(signedAt + skewSeconds),
                    TOLERANCE_SECONDS)).as("%d s", skewSeconds).isTrue();
        }
        for (long skewSeconds : new long[] {-301, 301}) {
            assertThat(RequestSignature.isWithinWindow(timestamp, Instant.ofEpochSecond(signedAt + skewSeconds),
                    TOLERANCE_SECONDS)).as("%d s", skewSeconds).isFalse();
        }
    }

    /** Whatever text a header carries, checking it answers yes or no and never throws. */
    @Property(tries = 500)
    void givenAnyHeaderText_whenChecked_thenAnsweredWithoutAnException(@ForAll("headerTexts") String timestamp,
            @ForAll("headerTexts") String signature, @ForAll("requests") SignedRequest request) {
        boolean timestampAccepted = RequestSignature.isTimestamp(timestamp)
                && RequestSignature.isWithinWindow(timestamp, Instant.ofEpochSecond(Long.parseLong(request.timestamp())),
                        TOLERANCE_SECONDS);
        boolean signatureAccepted = RequestSignature.hasShape(signature) && request.verifies(signature);

        if (timestampAccepted) {
            assertThat(timestamp.chars()).hasSize(10).allMatch(c -> c >= '0' && c <= '9');
        }
        assertThat(signatureAccepted).isFalse();
    }

    private static String flip(String text, int position, int bit) {
        char[] chars = text.toCharArray();
        chars[position] = (char) (chars[position] ^ (1 << bit));
        return new String(chars);
    }

    @Provide
    Arbitrary<String> keys() {
        return Arbitraries.strings().withCharRange('a', 'z').withCharRange('A', 'Z').withCharRange('0', '9').ofLength(43)
                .map(secret -> "rk_live_" + secret);
    }

    @Provide
    Arbitrary<SignedRequest> requests() {
        Arbitrary<String> segments = Arbitraries.strings().withCharRange('a', 'z').withCharRange('0', '9')
                .withChars('-', '_', '.', '~', '%').ofMinLength(1).ofMaxLength(40);
        Arbitrary<String> paths = segments.list().ofMinSize(1).ofMaxSize(6).map(parts -> "/" + String.join("/", parts));
        Arbitrary<String> queries = Arbitraries.strings().withCharRange('a', 'z').withCharRange('0', '9').withChars('=', '&')
                .ofMinLength(1).ofMaxLength(40).injectNull(0.5);
        return Combinators.combine(keys(), Arbitraries.longs().between(1_000_000_000L, 9_999_999_999L).map(Object::toString),
                Arbitraries.of("GET", "POST", "PUT", "PATCH", "DELETE"), paths, queries,
                Arbitraries.bytes().array(byte[].class).ofMaxSize(2048)).as(SignedRequest::new);
    }

    /** Empty, short, garbage, huge, near-miss and repeated header texts. */
    @Provide
    Arbitrary<String> headerTexts() {
        return Arbitraries.oneOf(
                Arbitraries.strings().ofMaxLength(80),
                Arbitraries.strings().all().ofMaxLength(20),
                Arbitraries.strings().numeric().ofMinLength(1).ofMaxLength(20),
                Arbitraries.strings().withCharRange('a', 'f').numeric().ofLength(64).map(hex -> "v1=" + hex),
                Arbitraries.strings().withCharRange('a', 'f').numeric().ofLength(64).map(hex -> "v2=" + hex),
                Arbitraries.strings().ofMinLength(10_000).ofMaxLength(20_000),
                Arbitraries.of("", " ", "v1=", "sha256=", "1795320000,1795320000", "-179532000", "+179532000", "１７９５３２００００"));
    }
}
