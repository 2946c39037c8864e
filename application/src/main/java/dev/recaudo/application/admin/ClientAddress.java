package dev.recaudo.application.admin;

import java.util.Objects;

/**
 * Where a login comes from, as its failures are counted (docs/decisions.md, "Login is rate-limited"):
 * the client, and the network it is part of. An IPv4 address is both. An IPv6 client is its /64, the
 * block one subscriber gets, and its network is the /48 around it, the most one site is given: one
 * subscriber can take any address in those, so counting single addresses would let one attacker
 * rotate them.
 *
 * @param client how the pair counter of e-mail and address names the caller; never with a space
 * @param network how the counter of an address's failures, whatever the e-mail, names the caller;
 *     never with a space
 */
public record ClientAddress(String client, String network) {

    public ClientAddress {
        Objects.requireNonNull(client, "client");
        Objects.requireNonNull(network, "network");
    }

    /** An address that is its own network: IPv4, or a name a proxy forwarded that is no address. */
    public static ClientAddress single(String address) {
        return new ClientAddress(address, address);
    }
}
