package dev.recaudo.battery;

import dev.recaudo.e2e.credentials.ReplayChecks;
import dev.recaudo.e2e.credentials.SignatureHeadersChecks;
import dev.recaudo.e2e.operations.ResourceLimitsChecks;
import org.junit.jupiter.api.Nested;

/**
 * Issue 12, hostile input on two instances: malformed signature headers, replayed signed writes (a
 * captured upsert or payment resent under fresh Idempotency-Keys is refused by whichever instance
 * gets it and changes nothing; issue 21) and stale upserts, and resource limits (huge numbers, deep
 * nesting, huge arrays, over-cap chunked bodies, page sizes), with the heap of both instances read by
 * jcmd before and after; each the very check its {@code @QuarkusTest} runs, with requests alternating
 * between the instances and I1-I4 after each.
 */
class HostileInputIT extends HostileChecks {

    @Nested
    class SignatureHeaders extends SignatureHeadersChecks {}

    @Nested
    class Replays extends ReplayChecks {}

    @Nested
    class ResourceLimits extends ResourceLimitsChecks {}
}
