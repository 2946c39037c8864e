package dev.recaudo.rest.common;

import static org.assertj.core.api.Assertions.assertThat;

import dev.recaudo.application.admin.ClientAddress;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** How a client's address is named in the counters of failed logins. */
class ClientAddressesTest {

    /**
     * Review F6: an IPv6 client is its /64 and, for the counter of its address, its /48. Issue 21
     * review, second round: behind a NAT64 gateway every IPv4 client has an address of one /64, so
     * each counts as the IPv4 address its last 32 bits embed, like {@code ::ffff:}.
     */
    @ParameterizedTest(name = "{0} -> {1} in {2}")
    @CsvSource(delimiter = '|', value = {
        "203.0.113.7                              | 203.0.113.7          | 203.0.113.7",
        "010.0.0.1                                | 10.0.0.1             | 10.0.0.1",
        "2001:db8:1:2:aaaa:bbbb:cccc:dddd         | 2001:db8:1:2::/64    | 2001:db8:1::/48",
        "2001:db8:1:2::1                          | 2001:db8:1:2::/64    | 2001:db8:1::/48",
        "2001:db8:1:ff00::1                       | 2001:db8:1:ff00::/64 | 2001:db8:1::/48",
        "[2001:DB8:1:2::ffff]                     | 2001:db8:1:2::/64    | 2001:db8:1::/48",
        "fe80::1%eth0                             | fe80:0:0:0::/64      | fe80:0:0::/48",
        "::ffff:198.51.100.4                      | 198.51.100.4         | 198.51.100.4",
        "64:ff9b::198.51.100.4                    | 198.51.100.4         | 198.51.100.4",
        "64:ff9b::c633:6405                       | 198.51.100.5         | 198.51.100.5",
        "[64:FF9B::203.0.113.7]                   | 203.0.113.7          | 203.0.113.7",
        "64:ff9b:1::198.51.100.4                  | 198.51.100.4         | 198.51.100.4",
        "64:ff9b:1:2::198.51.100.4                | 198.51.100.4         | 198.51.100.4",
        "64:ff9b:0:0:1::c633:6405                 | 64:ff9b:0:0::/64     | 64:ff9b:0::/48",
        "64:ff9c::198.51.100.4                    | 64:ff9c:0:0::/64     | 64:ff9c:0::/48",
        "0:0:0:0:0:0:0:1                          | 0:0:0:0::/64         | 0:0:0::/48",
        "1.2.3.999                                | 1.2.3.999            | 1.2.3.999",
        "unknown host                             | unknown_host         | unknown_host",
        "::zz                                     | ::zz                 | ::zz",
        "' '                                      | unknown              | unknown",
    })
    void givenAddress_whenNamed_thenIpv4AsItIsIpv6ByItsNetworksAndNoSpace(String host, String client, String network) {
        assertThat(ClientAddresses.name(host)).isEqualTo(new ClientAddress(client, network));
    }
}
