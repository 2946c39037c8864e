package dev.recaudo.webhooks.delivery;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class NumericHostsTest {

    @ParameterizedTest
    @ValueSource(strings = {"0177.0.0.1", "0x7f.0.0.1", "0X7F.0.0.1", "0x7f000001", "2130706433", "017700000001", "127.1",
            "127.0.1", "127.0.0.01", "127.000.000.001", "08.8.8.8", "1.2.3.256", "1.2.3.4.5", "127.0.0.1.", "example.123",
            "example.0x1f", "0x", "[::ffff:0177.0.0.1]", "[::ffff:127.1]", "[64:ff9b::010.0.0.1]"})
    void givenNumberInAFormReadersDisagreeOn_whenChecked_thenAmbiguous(String host) {
        assertThat(NumericHosts.isAmbiguous(host)).isTrue();
    }

    @ParameterizedTest
    @ValueSource(strings = {"93.184.216.34", "0.0.0.0", "127.0.0.1", "255.255.255.255", "10.0.0.1", "hooks.example.com",
            "123.example.com", "0x7f.example", "1e100.net", "localhost", "[::1]", "[::ffff:127.0.0.1]",
            "[2606:2800:220:1:248:1893:25c8:1946]", "[::ffff:7f00:1]", "[2002:7f00:1::]", "[::ffff:0:7f00:1]",
            "[::ffff:0:127.0.0.1]", "[2001:0:4136:e378:8000:63bf:80ff:fffe]", "192.0.0.1", "198.18.0.1"})
    void givenCanonicalAddressOrName_whenChecked_thenNotAmbiguous(String host) {
        assertThat(NumericHosts.isAmbiguous(host)).isFalse();
    }
}
