package dev.recaudo.webhooks.delivery;

import static org.assertj.core.api.Assertions.assertThat;

import dev.recaudo.domain.webhook.WebhookTargetPolicy.TargetCheck;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class AddressWebhookTargetPolicyTest {

    private final AddressWebhookTargetPolicy strict = new AddressWebhookTargetPolicy(false);
    private final AddressWebhookTargetPolicy permissive = new AddressWebhookTargetPolicy(true);

    @Test
    void givenHttpsUrlOnPublicAddress_whenChecked_thenAllowed() {
        assertThat(strict.check("https://93.184.216.34/hook")).isInstanceOf(TargetCheck.Allowed.class);
        assertThat(strict.check("https://93.184.216.34:8443/hooks/recaudo?tenant=7")).isInstanceOf(TargetCheck.Allowed.class);
        assertThat(strict.check("https://[2606:2800:220:1:248:1893:25c8:1946]/hook")).isInstanceOf(TargetCheck.Allowed.class);
    }

    /** A port no socket can have is refused before any lookup, so a sender never meets it. */
    @ParameterizedTest
    @ValueSource(strings = {"https://93.184.216.34:99999/hook", "https://93.184.216.34:65536/hook",
        "https://93.184.216.34:0/hook", "https://93.184.216.34:100000/hook"})
    void givenPortOutOfRange_whenChecked_thenRefusedNamingThePortRange(String url) {
        assertThat(reasonOf(strict.check(url))).contains("port must be a number from 1 to 65535");
        assertThat(reasonOf(permissive.check(url))).contains("port must be a number from 1 to 65535");
    }

    @Test
    void givenPlainHttpUrl_whenPrivateTargetsNotAllowed_thenRefusedForHttps() {
        assertThat(reasonOf(strict.check("http://93.184.216.34/hook"))).contains("https");
    }

    @Test
    void givenPlainHttpUrl_whenPrivateTargetsAllowed_thenAllowed() {
        assertThat(permissive.check("http://93.184.216.34/hook")).isInstanceOf(TargetCheck.Allowed.class);
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "https://127.0.0.1/hook",
        "https://127.0.0.1:8080/hook",
        "https://10.0.0.1/hook",
        "https://172.16.0.1/hook",
        "https://172.31.255.254/hook",
        "https://192.168.1.10/hook",
        "https://169.254.169.254/latest/meta-data/",
        "https://100.64.0.1/hook",
        "https://0.0.0.0/hook",
        "https://[::1]/hook",
        "https://[::]/hook",
        "https://[fc00::1]/hook",
        "https://[fd00::1]/hook",
        "https://[fe80::1]/hook",
        "https://[::ffff:127.0.0.1]/hook",
        "https://[::ffff:169.254.169.254]/hook",
        "https://224.0.0.1/hook",
        "https://localhost/hook",
    })
    void givenNonPublicTarget_whenPrivateTargetsNotAllowed_thenRefusedNamingTheKindOfAddress(String url) {
        assertThat(reasonOf(strict.check(url)))
                .startsWith("The host resolves to ")
                .contains("public internet addresses");
    }

    /**
     * Addresses that reach a refused IPv4 address through IPv6 (6to4, IPv4-translated, NAT64), Teredo,
     * and IANA special-purpose ranges that are not globally reachable.
     */
    @ParameterizedTest
    @ValueSource(strings = {
        "https://[2002:7f00:1::]/h",
        "https://[2002:a9fe:a9fe::]/h",
        "https://[::ffff:0:7f00:1]/h",
        "https://[64:ff9b::a9fe:a9fe]/h",
        "https://[64:ff9b:1::5db8:d822]/h",
        "https://[::a9fe:a9fe]/h",
        "https://[2001:0:4136:e378:8000:63bf:80ff:fffe]/h",
        "https://192.0.0.1/h",
        "https://198.18.0.1/h",
        "https://192.0.2.10/h",
        "https://198.51.100.10/h",
        "https://203.0.113.10/h",
        "https://240.0.0.1/h",
        "https://255.255.255.255/h",
        "https://0.1.2.3/h",
        "https://[2001:db8::1]/h",
        "https://[100::1]/h",
        "https://[2001:10::1]/h",
        "https://[fec0::1]/h",
    })
    void givenSpecialPurposeOrEmbeddedNonPublicAddress_whenPrivateTargetsNotAllowed_thenRefused(String url) {
        assertThat(reasonOf(strict.check(url)))
                .startsWith("The host resolves to ")
                .contains("public internet addresses");
    }

    @ParameterizedTest
    @ValueSource(strings = {"https://[2002:5db8:d822::1]/h", "https://[64:ff9b::5db8:d822]/h",
            "https://[::ffff:0:5db8:d822]/h", "https://198.20.0.1/h", "https://[2001:200::1]/h"})
    void givenPublicIpv4EmbeddedOrJustOutsideASpecialRange_whenPrivateTargetsNotAllowed_thenAllowed(String url) {
        assertThat(strict.check(url)).isInstanceOf(TargetCheck.Allowed.class);
    }

    @Test
    void givenTeredoAndBenchmarkingTargets_whenRefused_thenReasonNamesTheKindWithoutTheAddress() {
        assertThat(reasonOf(strict.check("https://[2001:0:4136:e378:8000:63bf:80ff:fffe]/h")))
                .isEqualTo("The host resolves to a Teredo tunnel address; webhook URLs must point at public internet"
                        + " addresses.");
        assertThat(reasonOf(strict.check("https://198.18.0.1/h")))
                .isEqualTo("The host resolves to an address reserved for network benchmarking; webhook URLs must"
                        + " point at public internet addresses.");
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "https://127.0.0.1/hook",
        "http://127.0.0.1:8080/hook",
        "http://10.0.0.1/hook",
        "https://169.254.169.254/latest/meta-data/",
        "https://100.64.0.1/hook",
        "http://[::1]:9000/hook",
        "https://[fc00::1]/hook",
        "http://localhost:8080/hook",
    })
    void givenNonPublicTarget_whenPrivateTargetsAllowed_thenAllowed(String url) {
        assertThat(permissive.check(url)).isInstanceOf(TargetCheck.Allowed.class);
    }

    @ParameterizedTest
    @ValueSource(strings = {"not a url", "https://exa mple.com/hook", "://missing-scheme", "https://", "https:///hook",
            "https:opaque", "/relative/hook", "ftp://93.184.216.34/hook", "javascript:alert(1)", "file:///etc/passwd"})
    void givenMalformedOrNonHttpUrl_whenChecked_thenRefused(String url) {
        assertThat(strict.check(url)).isInstanceOf(TargetCheck.Refused.class);
        assertThat(permissive.check(url)).isInstanceOf(TargetCheck.Refused.class);
    }

    /** URI reads "127.1" as a registry name rather than a host, so it never reaches the resolver. */
    @Test
    void givenShortFormLoopbackLiteral_whenChecked_thenRefused() {
        assertThat(strict.check("https://127.1/hook")).isInstanceOf(TargetCheck.Refused.class);
    }

    /**
     * Numeric hosts that resolvers read differently (inet_aton takes 0177 as octal 127, Java as
     * decimal 177) are refused whatever they would resolve to, even where private targets are allowed.
     */
    @ParameterizedTest
    @ValueSource(strings = {
        "https://0177.0.0.1/h",
        "https://0x7f.0.0.1/h",
        "https://0x7F000001/h",
        "https://2130706433/h",
        "https://017700000001/h",
        "https://127.1/h",
        "https://127.0.1/h",
        "https://127.0.0.01/h",
        "https://93.184.216.034/h",
        "https://08.8.8.8/h",
        "https://127.0.0.1./h",
        "https://1.2.3.256/h",
        "https://[::ffff:0177.0.0.1]/h",
        "https://hooks.example.123/h",
    })
    void givenAmbiguousNumericHost_whenChecked_thenRefusedEvenWhenPrivateTargetsAllowed(String url) {
        AddressWebhookTargetPolicy resolvesAnything = new AddressWebhookTargetPolicy(true, host -> new InetAddress[] {
            InetAddress.getByName("93.184.216.34")});
        assertThat(reasonOf(strict.check(url))).contains("ambiguous");
        assertThat(reasonOf(permissive.check(url))).contains("ambiguous");
        assertThat(reasonOf(resolvesAnything.check(url))).contains("ambiguous");
    }

    @ParameterizedTest
    @ValueSource(strings = {"https://93.184.216.34/h", "https://0.0.0.0/h", "https://10.0.0.1/h", "https://[::ffff:127.0.0.1]/h",
            "https://[2606:2800:220:1::1]/h", "https://1e100.example/h", "https://123.example.com/h", "https://0x7f.example/h"})
    void givenCanonicalAddressOrName_whenPrivateTargetsAllowed_thenNotTakenForAmbiguous(String url) {
        AddressWebhookTargetPolicy resolvesAnything = new AddressWebhookTargetPolicy(true, host -> new InetAddress[] {
            InetAddress.getByName("93.184.216.34")});
        assertThat(resolvesAnything.check(url)).isInstanceOf(TargetCheck.Allowed.class);
    }

    @Test
    void givenEmptyUrl_whenChecked_thenRefused() {
        assertThat(reasonOf(strict.check(""))).isEqualTo("The URL is empty.");
        assertThat(reasonOf(strict.check(null))).isEqualTo("The URL is empty.");
    }

    @Test
    void givenUrlWithUserInfo_whenChecked_thenRefusedEvenWhenPrivateTargetsAllowed() {
        assertThat(reasonOf(strict.check("https://user:pass@93.184.216.34/hook"))).contains("user name or password");
        assertThat(reasonOf(permissive.check("https://user@93.184.216.34/hook"))).contains("user name or password");
    }

    @Test
    void givenUrlLongerThanLimit_whenChecked_thenRefused() {
        String prefix = "https://93.184.216.34/";
        String atLimit = prefix + "a".repeat(AddressWebhookTargetPolicy.URL_LENGTH_MAX - prefix.length());
        assertThat(strict.check(atLimit)).isInstanceOf(TargetCheck.Allowed.class);
        assertThat(reasonOf(strict.check(atLimit + "a"))).contains("longer than 2048 characters");
    }

    @Test
    void givenUnresolvableHost_whenChecked_thenRefusedWithoutDetails() {
        AddressWebhookTargetPolicy policy = new AddressWebhookTargetPolicy(false, host -> {
            throw new UnknownHostException(host + ": Name or service not known");
        });
        assertThat(reasonOf(policy.check("https://no-such-host.example/hook")))
                .isEqualTo("The host name could not be resolved.");
    }

    @Test
    void givenHostResolvingToPublicAndPrivateAddresses_whenChecked_thenRefusedBecauseAnyAddressCounts() {
        AddressWebhookTargetPolicy policy = new AddressWebhookTargetPolicy(false, host -> new InetAddress[] {
            InetAddress.getByName("93.184.216.34"), InetAddress.getByName("10.0.0.5")});
        assertThat(reasonOf(policy.check("https://rebinding.example/hook"))).contains("a private network address");
    }

    @Test
    void givenHostResolvingOnlyToPublicAddresses_whenChecked_thenAllowedAndResolverSeesTheBareHost() {
        List<String> asked = new ArrayList<>();
        AddressWebhookTargetPolicy policy = new AddressWebhookTargetPolicy(false, host -> {
            asked.add(host);
            return new InetAddress[] {InetAddress.getByName("93.184.216.34"), InetAddress.getByName("2606:2800:220:1::1")};
        });
        assertThat(policy.check("https://hooks.example.com/recaudo")).isInstanceOf(TargetCheck.Allowed.class);
        assertThat(policy.check("https://[2606:2800:220:1::1]/recaudo")).isInstanceOf(TargetCheck.Allowed.class);
        assertThat(asked).containsExactly("hooks.example.com", "2606:2800:220:1::1");
    }

    @Test
    void givenMetadataAddress_whenRefused_thenReasonDoesNotEchoTheAddress() {
        assertThat(reasonOf(strict.check("https://169.254.169.254/latest/meta-data/")))
                .isEqualTo("The host resolves to a link-local address; webhook URLs must point at public internet addresses.")
                .doesNotContain("169.254");
    }

    @Test
    void givenResolvedAddresses_whenCheckedDirectly_thenSameRulesApply() throws Exception {
        assertThat(strict.checkAddresses(List.of(InetAddress.getByName("93.184.216.34"))))
                .isInstanceOf(TargetCheck.Allowed.class);
        assertThat(strict.checkAddresses(List.of(InetAddress.getByName("192.168.0.1"))))
                .isInstanceOf(TargetCheck.Refused.class);
        assertThat(permissive.checkAddresses(List.of(InetAddress.getByName("192.168.0.1"))))
                .isInstanceOf(TargetCheck.Allowed.class);
        assertThat(strict.checkAddresses(List.of())).isInstanceOf(TargetCheck.Refused.class);
    }

    private static String reasonOf(TargetCheck check) {
        assertThat(check).isInstanceOf(TargetCheck.Refused.class);
        return ((TargetCheck.Refused) check).reason();
    }
}
