package dev.recaudo.webhooks.delivery;

import static org.assertj.core.api.Assertions.assertThat;

import dev.recaudo.webhooks.delivery.TargetAddresses.Kind;
import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.UnknownHostException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class TargetAddressesTest {

    @ParameterizedTest(name = "{0} is {1}")
    @CsvSource({
        "93.184.216.34, PUBLIC",
        "8.8.8.8, PUBLIC",
        "172.15.255.255, PUBLIC",
        "172.32.0.0, PUBLIC",
        "100.63.255.255, PUBLIC",
        "100.128.0.0, PUBLIC",
        "0.0.0.0, UNSPECIFIED",
        "0.1.2.3, RESERVED",
        "127.0.0.1, LOOPBACK",
        "127.255.255.254, LOOPBACK",
        "10.0.0.1, PRIVATE",
        "10.255.255.255, PRIVATE",
        "172.16.0.1, PRIVATE",
        "172.31.255.255, PRIVATE",
        "192.168.1.1, PRIVATE",
        "169.254.169.254, LINK_LOCAL",
        "169.254.0.1, LINK_LOCAL",
        "100.64.0.1, SHARED",
        "100.127.255.255, SHARED",
        "224.0.0.1, MULTICAST",
        "239.255.255.250, MULTICAST",
        "240.0.0.1, RESERVED",
        "255.255.255.255, RESERVED",
        "2606:2800:220:1:248:1893:25c8:1946, PUBLIC",
        "::, UNSPECIFIED",
        "::1, LOOPBACK",
        "fc00::1, UNIQUE_LOCAL",
        "fd12:3456:789a::1, UNIQUE_LOCAL",
        "fe80::1, LINK_LOCAL",
        "febf::1, LINK_LOCAL",
        "fec0::1, PRIVATE",
        "ff02::1, MULTICAST",
        "64:ff9b::a00:1, PRIVATE",
        "64:ff9b::5db8:d822, PUBLIC",
        "::7f00:1, LOOPBACK",
    })
    void givenLiteralAddress_whenClassified_thenKindMatchesItsRange(String literal, Kind expected) throws Exception {
        assertThat(TargetAddresses.classify(InetAddress.getByName(literal))).isEqualTo(expected);
    }

    /** The IANA special-purpose blocks that are not globally reachable, beyond private and loopback. */
    @ParameterizedTest(name = "{0} is {1}")
    @CsvSource({
        "0.255.255.255, RESERVED",
        "192.0.0.1, PROTOCOL",
        "192.0.0.9, PROTOCOL",
        "192.0.0.255, PROTOCOL",
        "192.0.1.0, PUBLIC",
        "192.0.2.1, DOCUMENTATION",
        "192.88.99.1, RESERVED",
        "198.18.0.1, BENCHMARKING",
        "198.19.255.255, BENCHMARKING",
        "198.17.255.255, PUBLIC",
        "198.20.0.0, PUBLIC",
        "198.51.100.7, DOCUMENTATION",
        "203.0.113.200, DOCUMENTATION",
        "203.0.114.1, PUBLIC",
        "248.1.2.3, RESERVED",
        "2001:db8::1, DOCUMENTATION",
        "3fff:0fff::1, DOCUMENTATION",
        "3fff:1000::1, PUBLIC",
        "100::1, RESERVED",
        "100:0:0:1::1, RESERVED",
        "100:0:0:2::1, RESERVED",
        "2001:10::1, PROTOCOL",
        "2001:20::1, PROTOCOL",
        "2001:1::1, PROTOCOL",
        "2001:2::1, BENCHMARKING",
        "2001:200::1, PUBLIC",
        "5f00::1, RESERVED",
        "fec0::1, PRIVATE",
        "64:ff9b:1::a00:1, PRIVATE",
        "64:ff9b:1::5db8:d822, PRIVATE",
        "4000::1, RESERVED",
        "1000::1, RESERVED",
    })
    void givenSpecialPurposeAddress_whenClassified_thenRefusedUnlessGloballyReachable(String literal, Kind expected)
            throws Exception {
        assertThat(TargetAddresses.classify(InetAddress.getByName(literal))).isEqualTo(expected);
    }

    /**
     * An IPv4 address carried inside an IPv6 one reaches what the IPv4 address reaches: 6to4 in bits
     * 16 to 47, NAT64, IPv4-translated and IPv4-compatible in the last 32 bits.
     */
    @ParameterizedTest(name = "{0} is {1}")
    @CsvSource({
        "2002:7f00:1::, LOOPBACK",
        "2002:7f00:1:ffff:ffff:ffff:ffff:ffff, LOOPBACK",
        "2002:a9fe:a9fe::, LINK_LOCAL",
        "2002:a00:1::1, PRIVATE",
        "2002:c000:201::, DOCUMENTATION",
        "2002::1, UNSPECIFIED",
        "2002:5db8:d822::1, PUBLIC",
        "::ffff:0:7f00:1, LOOPBACK",
        "::ffff:0:a9fe:a9fe, LINK_LOCAL",
        "::ffff:0:c612:1, BENCHMARKING",
        "::ffff:0:5db8:d822, PUBLIC",
        "64:ff9b::7f00:1, LOOPBACK",
        "64:ff9b::c000:1, PROTOCOL",
        "64:ff9b::c633:6401, DOCUMENTATION",
        "::a9fe:a9fe, LINK_LOCAL",
        "::c0a8:1, PRIVATE",
        "::5db8:d822, PUBLIC",
    })
    void givenIpv4EmbeddedInIpv6_whenClassified_thenTheEmbeddedIpv4DecidesTheKind(String literal, Kind expected)
            throws Exception {
        assertThat(TargetAddresses.classify(InetAddress.getByName(literal))).isEqualTo(expected);
    }

    /** Teredo carries its client's IPv4 address obfuscated, so no check can read where it leads. */
    @ParameterizedTest
    @ValueSource(strings = {"2001:0:4136:e378:8000:63bf:80ff:fffe", "2001::1", "2001:0:ffff:ffff::"})
    void givenTeredoAddress_whenClassified_thenTeredo(String literal) throws Exception {
        assertThat(TargetAddresses.classify(InetAddress.getByName(literal))).isEqualTo(Kind.TEREDO);
    }

    @ParameterizedTest(name = "::ffff:{0} is {1}")
    @CsvSource({
        "127.0.0.1, LOOPBACK",
        "10.1.2.3, PRIVATE",
        "169.254.169.254, LINK_LOCAL",
        "100.64.0.1, SHARED",
        "0.0.0.0, UNSPECIFIED",
        "198.18.0.1, BENCHMARKING",
        "192.0.0.1, PROTOCOL",
        "255.255.255.255, RESERVED",
        "93.184.216.34, PUBLIC",
    })
    void givenIpv4MappedIpv6Address_whenClassified_thenTheEmbeddedIpv4DecidesTheKind(String ipv4, Kind expected)
            throws Exception {
        assertThat(TargetAddresses.classify(ipv4Mapped(ipv4))).isEqualTo(expected);
    }

    @Test
    void givenOnlyPublicKind_whenAskedIfPublic_thenOnlyPublicSaysYes() {
        for (Kind kind : Kind.values()) {
            assertThat(kind.isPublic()).as(kind.name()).isEqualTo(kind == Kind.PUBLIC);
        }
    }

    /**
     * InetAddress.getByName turns "::ffff:a.b.c.d" into an Inet4Address, so the IPv6 form is built
     * from bytes to prove the classifier reads it when a resolver hands one over unconverted.
     */
    private static InetAddress ipv4Mapped(String ipv4) throws UnknownHostException {
        byte[] v4 = InetAddress.getByName(ipv4).getAddress();
        byte[] v6 = new byte[16];
        v6[10] = (byte) 0xFF;
        v6[11] = (byte) 0xFF;
        System.arraycopy(v4, 0, v6, 12, 4);
        InetAddress address = Inet6Address.getByAddress(null, v6, -1);
        assertThat(address).isInstanceOf(Inet6Address.class);
        return address;
    }
}
