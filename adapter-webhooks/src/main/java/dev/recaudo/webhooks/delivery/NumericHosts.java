package dev.recaudo.webhooks.delivery;

import java.util.Locale;
import java.util.regex.Pattern;

/**
 * Recognizes URL hosts that are numbers written in a form that different software reads as
 * different addresses. The C library's {@code inet_aton}, curl and browsers read {@code 0177.0.0.1}
 * as octal (127.0.0.1, loopback) while the JDK reads it as decimal (177.0.0.1); {@code 0x7f.0.0.1},
 * {@code 2130706433} and {@code 127.1} are loopback to some readers and no address to others.
 * Such a host is ambiguous whatever it resolves to here, so it is refused before any resolution.
 *
 * <p>The test follows the URL standard (WHATWG): a host whose last label is a number (decimal, or
 * hexadecimal with {@code 0x}) is an IPv4 address, and only four decimal parts from 0 to 255 without
 * leading zeros read the same everywhere. An IPv4 address inside an IPv6 literal must be written so too.
 */
final class NumericHosts {

    private static final Pattern DECIMAL = Pattern.compile("[0-9]+");
    private static final Pattern HEXADECIMAL = Pattern.compile("0x[0-9a-f]*");
    /** 0 to 255 in decimal, without leading zeros. */
    private static final Pattern CANONICAL_PART = Pattern.compile("0|[1-9][0-9]?|1[0-9][0-9]|2[0-4][0-9]|25[0-5]");
    private static final int IPV4_PARTS = 4;

    private NumericHosts() {}

    /** True for a host that reads as a number but not as four canonical decimal parts. */
    static boolean isAmbiguous(String host) {
        String text = host.toLowerCase(Locale.ROOT);
        if (text.startsWith("[") && text.endsWith("]")) {
            return embeddedIpv4IsAmbiguous(text.substring(1, text.length() - 1));
        }
        return endsInNumber(text) && !isCanonicalIpv4(text);
    }

    /** An IPv6 literal may end in dotted IPv4 ({@code ::ffff:127.0.0.1}); that part must be canonical. */
    private static boolean embeddedIpv4IsAmbiguous(String ipv6) {
        int lastColon = ipv6.lastIndexOf(':');
        String tail = ipv6.substring(lastColon + 1);
        return tail.contains(".") && !isCanonicalIpv4(tail);
    }

    private static boolean endsInNumber(String host) {
        String[] labels = host.split("\\.", -1);
        int last = labels.length - 1;
        if (labels[last].isEmpty() && last > 0) {
            last--; // a trailing dot ends the name; the label before it decides
        }
        return DECIMAL.matcher(labels[last]).matches() || HEXADECIMAL.matcher(labels[last]).matches();
    }

    private static boolean isCanonicalIpv4(String host) {
        String[] parts = host.split("\\.", -1);
        if (parts.length != IPV4_PARTS) {
            return false;
        }
        for (String part : parts) {
            if (!CANONICAL_PART.matcher(part).matches()) {
                return false;
            }
        }
        return true;
    }
}
