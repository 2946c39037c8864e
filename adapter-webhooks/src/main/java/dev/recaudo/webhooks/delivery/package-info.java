/**
 * Outbound webhook delivery over HTTP: the Standard Webhooks signature, the Vert.x HTTP client that
 * sends one signed POST per attempt, and the policy that decides which URLs may be targets.
 * Targets are checked by the addresses their host resolves to, so a company cannot aim Recaudo at
 * loopback, private networks or the cloud metadata service (server-side request forgery), and
 * numeric hosts that other software would read as a different address are refused outright. The
 * host is resolved once per attempt and the client connects to the checked address, so a DNS
 * answer that changes after the check (rebinding) is never used.
 * Redirects are never followed, because a public host could otherwise bounce a delivery inward.
 * Failed deliveries are reported as data, never thrown, so the retry schedule stays in the core.
 */
package dev.recaudo.webhooks.delivery;
