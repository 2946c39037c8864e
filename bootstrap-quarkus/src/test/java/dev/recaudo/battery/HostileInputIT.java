package dev.recaudo.battery;

import dev.recaudo.e2e.credentials.SignatureHeadersChecks;
import dev.recaudo.e2e.operations.ResourceLimitsChecks;
import org.junit.jupiter.api.Nested;

/**
 * Issue 12, hostile input on two instances: malformed and replayed signature headers (a captured
 * signed payment replayed under fresh Idempotency-Keys moves no money, whichever instance gets the
 * replay) and resource limits (huge numbers, deep nesting, huge arrays, over-cap chunked bodies,
 * page sizes), with the heap of both instances read by jcmd before and after; each the very check
 * its {@code @QuarkusTest} runs, with requests alternating between the instances and I1-I4 after each.
 */
class HostileInputIT extends HostileChecks {

    @Nested
    class SignatureHeaders extends SignatureHeadersChecks {}

    @Nested
    class ResourceLimits extends ResourceLimitsChecks {}
}
