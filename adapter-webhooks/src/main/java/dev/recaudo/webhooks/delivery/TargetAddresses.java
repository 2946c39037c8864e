package dev.recaudo.webhooks.delivery;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.Arrays;
import java.util.List;

/**
 * Sorts an IP address into the kind of network it belongs to. The tables follow the IANA IPv4 and
 * IPv6 Special-Purpose Address Registries: every block they mark as not globally reachable is a kind
 * other than {@code PUBLIC}. The rules work on the raw bytes rather than on
 * {@link InetAddress#isSiteLocalAddress()} and friends, because those know nothing of carrier-grade
 * NAT, documentation or benchmarking ranges, IPv6 unique local addresses or IPv4 addresses carried
 * inside IPv6 ones.
 */
final class TargetAddresses {

    private static final int IPV4_LENGTH_BYTES = 4;
    private static final int IPV6_LENGTH_BYTES = 16;
    /** Where ::ffff:a.b.c.d has its two 0xFF bytes. */
    private static final int IPV4_MAPPED_MARKER_OFFSET = 10;

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
        DOCUMENTATION("an address reserved for documentation"),
        BENCHMARKING("an address reserved for network benchmarking"),
        PROTOCOL("an address reserved for network protocols"),
        TEREDO("a Teredo tunnel address"),
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

    /**
     * IPv4 blocks that are not globally reachable, most specific first. 192.0.0.0/24 is refused whole:
     * the two globally reachable addresses inside it are anycast services (PCP, TURN), never a receiver.
     */
    private static final List<Special> IPV4_SPECIAL = List.of(
            special("0.0.0.0/32", Kind.UNSPECIFIED), // reaches the local host on Linux
            special("0.0.0.0/8", Kind.RESERVED), // "this network"
            special("10.0.0.0/8", Kind.PRIVATE),
            special("100.64.0.0/10", Kind.SHARED), // the provider side of carrier-grade NAT, often internal
            special("127.0.0.0/8", Kind.LOOPBACK),
            special("169.254.0.0/16", Kind.LINK_LOCAL), // includes 169.254.169.254, cloud instance credentials
            special("172.16.0.0/12", Kind.PRIVATE),
            special("192.0.0.0/24", Kind.PROTOCOL), // IETF protocol assignments
            special("192.0.2.0/24", Kind.DOCUMENTATION), // TEST-NET-1
            special("192.88.99.0/24", Kind.RESERVED), // the deprecated 6to4 relay anycast
            special("192.168.0.0/16", Kind.PRIVATE),
            special("198.18.0.0/15", Kind.BENCHMARKING), // often routed inside data centres
            special("198.51.100.0/24", Kind.DOCUMENTATION), // TEST-NET-2
            special("203.0.113.0/24", Kind.DOCUMENTATION), // TEST-NET-3
            special("224.0.0.0/4", Kind.MULTICAST),
            special("240.0.0.0/4", Kind.RESERVED)); // future use, and 255.255.255.255, the limited broadcast

    /**
     * IPv6 blocks that are not globally reachable, most specific first. 2001::/23 is refused whole: what
     * is globally reachable inside it is anycast services and identifiers (ORCHIDv2), never a receiver.
     * Teredo hides the IPv4 address it reaches (obfuscated in the last bits), so it is refused outright.
     */
    private static final List<Special> IPV6_SPECIAL = List.of(
            special("::/128", Kind.UNSPECIFIED),
            special("::1/128", Kind.LOOPBACK),
            // Local-use translation: where the IPv4 address sits depends on the prefix length the operator chose.
            special("64:ff9b:1::/48", Kind.PRIVATE),
            special("100::/64", Kind.RESERVED), // discard-only
            special("100:0:0:1::/64", Kind.RESERVED), // dummy prefix
            special("2001::/32", Kind.TEREDO),
            special("2001:2::/48", Kind.BENCHMARKING),
            special("2001::/23", Kind.PROTOCOL), // IETF protocol assignments, with ORCHID 2001:10::/28
            special("2001:db8::/32", Kind.DOCUMENTATION),
            special("3fff::/20", Kind.DOCUMENTATION),
            special("5f00::/16", Kind.RESERVED), // segment routing identifiers
            special("fc00::/7", Kind.UNIQUE_LOCAL),
            special("fe80::/10", Kind.LINK_LOCAL),
            special("fec0::/10", Kind.PRIVATE), // the deprecated site-local range; some networks still route it
            special("ff00::/8", Kind.MULTICAST));

    /**
     * IPv6 formats that carry an IPv4 address a gateway or the host itself may deliver to: such an address
     * reaches what the bare IPv4 address would, so the IPv4 address decides its kind.
     */
    private static final List<Embedding> IPV4_EMBEDDINGS = List.of(
            new Embedding(Block.parse("::ffff:0:0/96"), 12), // IPv4-mapped
            new Embedding(Block.parse("::ffff:0:0:0/96"), 12), // IPv4-translated (SIIT)
            new Embedding(Block.parse("::/96"), 12), // IPv4-compatible, deprecated
            new Embedding(Block.parse("64:ff9b::/96"), 12), // NAT64 well-known prefix
            new Embedding(Block.parse("2002::/16"), 2)); // 6to4: the IPv4 address is bits 16 to 47

    /** The only IPv6 space allocated for global unicast; nothing outside it is a reachable host. */
    private static final Block GLOBAL_UNICAST = Block.parse("2000::/3");

    static Kind classify(InetAddress address) {
        byte[] bytes = address.getAddress();
        if (bytes.length == IPV4_LENGTH_BYTES) {
            return classifyIpv4(bytes);
        }
        if (bytes.length == IPV6_LENGTH_BYTES) {
            return classifyIpv6(bytes);
        }
        // No other length exists today; an address we cannot read is not one we should connect to.
        return Kind.RESERVED;
    }

    private static Kind classifyIpv4(byte[] address) {
        Kind special = specialKind(address, IPV4_SPECIAL);
        return special == null ? Kind.PUBLIC : special;
    }

    private static Kind classifyIpv6(byte[] address) {
        Kind special = specialKind(address, IPV6_SPECIAL);
        if (special != null) {
            return special;
        }
        for (Embedding embedding : IPV4_EMBEDDINGS) {
            if (embedding.block().contains(address)) {
                int offset = embedding.ipv4Offset();
                return classifyIpv4(Arrays.copyOfRange(address, offset, offset + IPV4_LENGTH_BYTES));
            }
        }
        return GLOBAL_UNICAST.contains(address) ? Kind.PUBLIC : Kind.RESERVED;
    }

    private static Kind specialKind(byte[] address, List<Special> table) {
        for (Special special : table) {
            if (special.block().contains(address)) {
                return special.kind();
            }
        }
        return null;
    }

    private static Special special(String cidr, Kind kind) {
        return new Special(Block.parse(cidr), kind);
    }

    private record Special(Block block, Kind kind) {}

    private record Embedding(Block block, int ipv4Offset) {}

    /** The addresses whose first {@code lengthBits} bits equal those of {@code prefix}. */
    private record Block(byte[] prefix, int lengthBits) {

        /** Reads {@code address/length}; only literals appear in the tables, so nothing is looked up in DNS. */
        static Block parse(String cidr) {
            int slash = cidr.indexOf('/');
            String literal = cidr.substring(0, slash);
            byte[] prefix;
            try {
                prefix = InetAddress.getByName(literal).getAddress();
            } catch (UnknownHostException e) {
                throw new IllegalArgumentException("Not an address literal: " + cidr, e);
            }
            if (literal.contains(":") && prefix.length == IPV4_LENGTH_BYTES) {
                // The JDK turns ::ffff:a.b.c.d into a.b.c.d; the table means the IPv6 form.
                byte[] mapped = new byte[IPV6_LENGTH_BYTES];
                mapped[IPV4_MAPPED_MARKER_OFFSET] = (byte) 0xFF;
                mapped[IPV4_MAPPED_MARKER_OFFSET + 1] = (byte) 0xFF;
                System.arraycopy(prefix, 0, mapped, IPV6_LENGTH_BYTES - IPV4_LENGTH_BYTES, IPV4_LENGTH_BYTES);
                prefix = mapped;
            }
            return new Block(prefix, Integer.parseInt(cidr.substring(slash + 1)));
        }

        boolean contains(byte[] address) {
            if (address.length != prefix.length) {
                return false;
            }
            int wholeBytes = lengthBits / 8;
            for (int i = 0; i < wholeBytes; i++) {
                if (address[i] != prefix[i]) {
                    return false;
                }
            }
            int remainingBits = lengthBits % 8;
            if (remainingBits == 0) {
                return true;
            }
            int mask = (0xFF << (8 - remainingBits)) & 0xFF;
            return (address[wholeBytes] & mask) == (prefix[wholeBytes] & mask);
        }
    }
}
