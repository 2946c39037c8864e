package dev.recaudo.e2e.support;

import java.util.List;
import java.util.stream.Stream;

/**
 * Outbound targets the service must refuse when production's rules apply (private targets not
 * allowed), shared by the in-process test ({@code OutboundRequestsTest}) and the two-instance
 * battery ({@code OutboundTargetsIT}). {@code {p}} in a URL stands for the loopback canary's port.
 */
public final class HostileTargets {

    /** Addresses that are not globally reachable: loopback, unspecified, private, link-local, CGNAT, metadata, IPv4 in IPv6. */
    public static final List<String> INTERNAL = List.of("127.0.0.1", "::1", "0.0.0.0", "10.0.0.1", "172.16.5.4",
            "192.168.1.1", "169.254.10.1", "fe80::1", "100.64.0.1", "169.254.169.254", "fd00:ec2::254", "::ffff:127.0.0.1");

    /** Loopback and metadata URLs in the encodings a parser may read differently, and {@code localhost}. */
    public static final List<String> ENCODED = List.of("https://2130706433:{p}/h", "https://0177.0.0.1:{p}/h",
            "https://0x7f000001:{p}/h", "https://127.1:{p}/h", "https://127.0.0.1.:{p}/h", "https://[::1]:{p}/h",
            "https://[::ffff:127.0.0.1]:{p}/h", "https://[::ffff:7f00:1]:{p}/h", "https://[fd00:ec2::254]/latest",
            "https://169.254.169.254/latest/meta-data/", "https://100.64.0.1/h", "https://localhost:{p}/h");

    private HostileTargets() {}

    /** {@link #ENCODED} and every {@link #INTERNAL} address as a literal URL, all aimed at {@code port}: no lookup needed. */
    public static List<String> literalUrls(int port) {
        List<String> literals = INTERNAL.stream()
                .map(address -> "http://" + (address.contains(":") ? "[" + address + "]" : address) + ":{p}/hook").toList();
        return Stream.concat(ENCODED.stream(), literals.stream())
                .map(template -> aimedAt(template, port)).toList();
    }

    /** {@code template} with its {@code {p}} replaced by {@code port}. */
    public static String aimedAt(String template, int port) {
        return template.replace("{p}", Integer.toString(port));
    }
}
