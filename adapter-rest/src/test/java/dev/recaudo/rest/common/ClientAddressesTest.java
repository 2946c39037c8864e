package dev.recaudo.rest.common;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** How a client's address is named in the counters of failed logins. */
class ClientAddressesTest {

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(delimiter = '|', value = {
        "203.0.113.7                              | 203.0.113.7",
        "010.0.0.1                                | 10.0.0.1",
        "2001:db8:1:2:aaaa:bbbb:cccc:dddd         | 2001:db8:1:2::/64",
        "2001:db8:1:2::1                          | 2001:db8:1:2::/64",
        "[2001:DB8:1:2::ffff]                     | 2001:db8:1:2::/64",
        "fe80::1%eth0                             | fe80:0:0:0::/64",
        "::ffff:198.51.100.4                      | 198.51.100.4",
        "0:0:0:0:0:0:0:1                          | 0:0:0:0::/64",
        "1.2.3.999                                | 1.2.3.999",
        "unknown host                             | unknown_host",
        "::zz                                     | ::zz",
        "' '                                      | unknown",
    })
    void givenAddress_whenNamed_thenIpv4AsItIsIpv6ByItsNetworkAndNoSpace(String host, String name) {
        assertThat(ClientAddresses.name(host)).isEqualTo(name);
    }
}
