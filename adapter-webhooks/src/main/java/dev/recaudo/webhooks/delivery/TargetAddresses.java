package dev.recaudo.webhooks.delivery;

import java.net.InetAddress;

/**
 * Sorts an IP address into the kind of network it belongs to. The rules work on the raw bytes
 * rather than on {@link InetAddress#isSiteLocalAddress()} and friends, because those know nothing of
 * carrier-grade NAT, IPv6 unique local addresses or IPv4 addresses carried inside IPv6 ones.
 */
final class TargetAddresses {

    private static final int IPV4_LENGTH_BYTES = 4;
    private static final int IPV6_LENGTH_BYTES = 16;
    private static final int IPV6_EMBEDDED_IPV4_OFFSET = 12;

    private TargetAddresses() {}

    /** Every kind but {@code PUBLIC} is refused as a webhook target unless private targets are allowed. */
    enum Kind {
        PUBLIC("a public address"),
        UNSPECIFIED("an unspecified address"),
        LOOPBACK("a loopback address"),
        PRIVATE("a private network address"),
        LINK_LOCAL("a link-local address"),
        SHARED("a carrier-grade NAT address"),
        UNIQUE_LOCAL("an IPv6 unique local address"),
        MULTICAST("a multicast address"),
        RESERVED("a reserved address");

        /** A phrase that fits "The host resolves to ..."; safe to show to an administrator. */
        final String description;

        Kind(String description) {
            this.description = description;
        }

        boolean isPublic() {
            return this == PUBLIC;
        }
    }

    static Kind classify(InetAddress address) {
        byte[] bytes = address.getAddress();
        if (bytes.length == IPV4_LENGTH_BYTES) {
            return classifyIpv4(bytes, 0);
        }
        if (bytes.length == IPV6_LENGTH_BYTES) {
            return classifyIpv6(bytes);
        }
        // No other length exists today; an address we cannot read is not one we should connect to.
        return Kind.RESERVED;
    }

    private static Kind classifyIpv4(byte[] bytes, int offset) {
        int first = bytes[offset] & 0xFF;
        int second = bytes[offset + 1] & 0xFF;
        if (first == 0) {
            // 0.0.0.0 reaches the local host on Linux; the rest of 0.0.0.0/8 means "this network".
            return isZero(bytes, offset, IPV4_LENGTH_BYTES) ? Kind.UNSPECIFIED : Kind.RESERVED;
        }
        if (first == 127) {
            return Kind.LOOPBACK;
        }
        if (first == 10 || (first == 172 && (second & 0xF0) == 16) || (first == 192 && second == 168)) {
            return Kind.PRIVATE;
        }
        if (first == 169 && second == 254) {
            // Includes 169.254.169.254, where cloud providers serve instance credentials.
            return Kind.LINK_LOCAL;
        }
        if (first == 100 && (second & 0xC0) == 64) {
            // 100.64.0.0/10 is the provider side of carrier-grade NAT, often internal infrastructure.
            return Kind.SHARED;
        }
        if (first >= 224 && first <= 239) {
            return Kind.MULTICAST;
        }
        if (first >= 240) {
            // 240.0.0.0/4 is reserved and includes the limited broadcast address 255.255.255.255.
            return Kind.RESERVED;
        }
        return Kind.PUBLIC;
    }

    private static Kind classifyIpv6(byte[] bytes) {
        if (isZero(bytes, 0, IPV6_LENGTH_BYTES)) {
            return Kind.UNSPECIFIED;
        }
        if (isZero(bytes, 0, IPV6_LENGTH_BYTES - 1) && bytes[IPV6_LENGTH_BYTES - 1] == 1) {
            return Kind.LOOPBACK;
        }
        if (carriesIpv4(bytes)) {
            // An IPv4 address wrapped in IPv6 reaches the same host as the bare IPv4 address would.
            return classifyIpv4(bytes, IPV6_EMBEDDED_IPV4_OFFSET);
        }
        int first = bytes[0] & 0xFF;
        int second = bytes[1] & 0xFF;
        if ((first & 0xFE) == 0xFC) {
            return Kind.UNIQUE_LOCAL;
        }
        if (first == 0xFE && (second & 0xC0) == 0x80) {
            return Kind.LINK_LOCAL;
        }
        if (first == 0xFE && (second & 0xC0) == 0xC0) {
            // fec0::/10 is the deprecated site-local range; some networks still route it internally.
            return Kind.PRIVATE;
        }
        if (first == 0xFF) {
            return Kind.MULTICAST;
        }
        return Kind.PUBLIC;
    }

    /**
     * IPv4-mapped ({@code ::ffff:0:0/96}), IPv4-compatible ({@code ::/96}) and the NAT64 well-known
     * prefix ({@code 64:ff9b::/96}): the last four bytes are an IPv4 address a gateway may reach.
     */
    private static boolean carriesIpv4(byte[] bytes) {
        boolean firstTenZero = isZero(bytes, 0, 10);
        boolean mapped = firstTenZero && (bytes[10] & 0xFF) == 0xFF && (bytes[11] & 0xFF) == 0xFF;
        boolean compatible = firstTenZero && bytes[10] == 0 && bytes[11] == 0;
        boolean nat64 = (bytes[0] & 0xFF) == 0x00 && (bytes[1] & 0xFF) == 0x64
                && (bytes[2] & 0xFF) == 0xFF && (bytes[3] & 0xFF) == 0x9B
                && isZero(bytes, 4, 8);
        return mapped || compatible || nat64;
    }

    private static boolean isZero(byte[] bytes, int offset, int length) {
        for (int i = offset; i < offset + length; i++) {
            if (bytes[i] != 0) {
                return false;
            }
        }
        return true;
    }
}
