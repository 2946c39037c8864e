package dev.recaudo.rest.common;

import dev.recaudo.application.admin.ClientAddress;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.net.SocketAddress;
import jakarta.enterprise.context.ApplicationScoped;
import java.net.Inet4Address;
import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Pattern;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * The address a request came from, as counters of failed logins name it (docs/decisions.md, "Login
 * is rate-limited"). The connection's peer, unless Quarkus reads forwarded addresses
 * ({@code quarkus.http.proxy.proxy-address-forwarding}) and a list of trusted proxies is configured
 * ({@code quarkus.http.proxy.trusted-proxies}): then the address Quarkus took from
 * {@code X-Forwarded-For} or {@code Forwarded}, which it does only for a peer on that list. Without
 * the list Quarkus would believe any peer, so here the peer is the client and a forwarded address is
 * ignored. An IPv6 client is named by its /64 network, the block one subscriber gets, and counted
 * per address by its /48, the most one site gets ({@link ClientAddress}).
 */
@ApplicationScoped
public class ClientAddresses {

    /** The longest name kept for an address a trusted proxy forwarded that is not an IP address. */
    static final int OTHER_NAME_LENGTH_MAX = 100;
    private static final ClientAddress UNKNOWN = ClientAddress.single("unknown");
    /** An IPv6 client: the block one subscriber gets. */
    private static final int IPV6_CLIENT_PREFIX_BITS = 64;
    /** An IPv6 client's network: the most one site gets (a /56 or a /48), so one holder counts once. */
    private static final int IPV6_NETWORK_PREFIX_BITS = 48;
    private static final Pattern IPV4 = Pattern.compile("[0-9]{1,3}(\\.[0-9]{1,3}){3}");
    /** Starts as Java's parser needs to read it as a literal (a hex digit or a colon), and holds a colon. */
    private static final Pattern IPV6 = Pattern.compile("(?=.*:)[0-9A-Fa-f:][0-9A-Fa-f:.]*");

    private final boolean forwardedFromTrustedProxies;

    ClientAddresses(@ConfigProperty(name = "quarkus.http.proxy.proxy-address-forwarding", defaultValue = "false")
            boolean forwarding,
            @ConfigProperty(name = "quarkus.http.proxy.trusted-proxies") Optional<List<String>> trustedProxies) {
        this.forwardedFromTrustedProxies = forwarding && trustedProxies.filter(proxies -> !proxies.isEmpty()).isPresent();
    }

    /** The client's address: an IPv4 address, IPv6 networks, or a trusted proxy's word for it; never with a space. */
    public ClientAddress of(HttpServerRequest request) {
        return literal(request).map(ClientAddresses::name).orElse(UNKNOWN);
    }

    /**
     * The address the request came from as written, a trusted proxy's word for it only when proxies are
     * trusted: what a request's span records, where a header any caller can send would be a lie.
     */
    public Optional<String> literal(HttpServerRequest request) {
        SocketAddress address = forwardedFromTrustedProxies ? request.remoteAddress() : request.connection().remoteAddress();
        return Optional.ofNullable(address).map(known -> known.hostAddress() != null ? known.hostAddress() : known.host());
    }

    /**
     * How an address is counted: IPv4 as it is (also when mapped into IPv6 or embedded by NAT64), IPv6
     * by its /64 network within its /48, anything else bounded and without spaces.
     */
    static ClientAddress name(String host) {
        if (host == null || host.isBlank()) {
            return UNKNOWN;
        }
        String bare = host.startsWith("[") && host.endsWith("]") ? host.substring(1, host.length() - 1) : host;
        int zone = bare.indexOf('%');
        String literal = zone < 0 ? bare : bare.substring(0, zone);
        if (IPV4.matcher(literal).matches()) {
            String[] octets = literal.split("\\.");
            StringBuilder address = new StringBuilder();
            for (String octet : octets) {
                int value = Integer.parseInt(octet);
                if (value > 255) {
                    return other(literal);
                }
                address.append(address.length() == 0 ? "" : ".").append(value);
            }
            return ClientAddress.single(address.toString());
        }
        if (IPV6.matcher(literal).matches()) {
            try {
                // With a colon, Java reads the text as an IPv6 literal or refuses it: never a DNS lookup.
                InetAddress parsed = InetAddress.getByName(literal);
                if (parsed instanceof Inet4Address) {
                    return ClientAddress.single(parsed.getHostAddress());
                }
                if (parsed instanceof Inet6Address) {
                    byte[] bytes = parsed.getAddress();
                    if (isNat64(bytes)) {
                        byte[] ipv4 = Arrays.copyOfRange(bytes, 12, 16);
                        return ClientAddress.single(InetAddress.getByAddress(ipv4).getHostAddress());
                    }
                    return new ClientAddress(prefix(bytes, IPV6_CLIENT_PREFIX_BITS), prefix(bytes, IPV6_NETWORK_PREFIX_BITS));
                }
            } catch (UnknownHostException notALiteral) {
                // Falls through: named by its text.
            }
        }
        return other(literal);
    }

    /**
     * Whether the address is an IPv4 client's as a NAT64 gateway names it, in its last 32 bits: the
     * well-known prefix {@code 64:ff9b::/96}, or the local-use {@code 64:ff9b:1::/48} taken as a /96
     * as it usually is (RFC 6052, RFC 8215). Counted by its /64, every IPv4 client behind one gateway
     * would share one counter; a local-use prefix laid out otherwise merges its clients no more than that.
     */
    private static boolean isNat64(byte[] address) {
        boolean nat64Prefix = address[0] == 0 && address[1] == 0x64 && address[2] == (byte) 0xff && address[3] == (byte) 0x9b;
        boolean wellKnown = Arrays.equals(address, 4, 12, new byte[8], 0, 8);
        boolean localUse = address[4] == 0 && address[5] == 1;
        return nat64Prefix && (wellKnown || localUse);
    }

    /** The network of an IPv6 address's first bits (a multiple of 16), as {@code 2001:db8:1::/48}. */
    private static String prefix(byte[] address, int bits) {
        StringBuilder network = new StringBuilder();
        for (int i = 0; i < bits / 8; i += 2) {
            network.append(Integer.toHexString(((address[i] & 0xff) << 8) | (address[i + 1] & 0xff))).append(':');
        }
        return network.append(":/").append(bits).toString();
    }

    private static ClientAddress other(String literal) {
        String text = literal.toLowerCase(Locale.ROOT).replaceAll("\\s", "_");
        return ClientAddress.single(text.length() > OTHER_NAME_LENGTH_MAX ? text.substring(0, OTHER_NAME_LENGTH_MAX) : text);
    }
}
