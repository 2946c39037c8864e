package dev.recaudo.webhooks.delivery;

import java.net.InetAddress;
import java.util.List;
import java.util.Objects;

/**
 * A URL after the target policy looked at it: refused with a reason, or split into what a request
 * needs, with the addresses its host resolved to, all of which the policy approved.
 */
sealed interface CheckedTarget {

    /** {@code reason} is a sentence safe to show to the company's administrator. */
    record Refused(String reason) implements CheckedTarget {}

    /**
     * {@code host} is the name as written (no brackets), sent as the Host header and the TLS server
     * name; {@code addresses} are the only addresses a request to this target may connect to.
     */
    record Approved(boolean https, String host, int port, String pathAndQuery, List<InetAddress> addresses)
            implements CheckedTarget {

        public Approved {
            Objects.requireNonNull(host, "host");
            addresses = List.copyOf(addresses);
            if (addresses.isEmpty()) {
                throw new IllegalArgumentException("an approved target has at least one address");
            }
        }
    }
}
