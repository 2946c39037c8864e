package dev.recaudo.webhooks.delivery;

import dev.recaudo.domain.webhook.WebhookTargetPolicy;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.net.InetAddress;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.UnknownHostException;
import java.util.List;
import java.util.Locale;

/**
 * Decides whether a URL may receive webhooks by looking at its shape and at every address its host
 * resolves to. Checking the resolved addresses, not the host text, is what stops names such as
 * {@code localhost} or a public name pointing at {@code 10.0.0.5} from reaching internal services.
 * Refusal reasons never include the resolved address, so the check cannot be used to map internal
 * DNS. Numeric hosts that other software reads as a different address ({@link NumericHosts}) are
 * refused always, even where private targets are allowed.
 */
@ApplicationScoped
public class AddressWebhookTargetPolicy implements WebhookTargetPolicy {

    static final int URL_LENGTH_MAX = 2048;
    private static final int PORT_MAX = 65_535;
    private static final int HTTPS_PORT = 443;
    private static final int HTTP_PORT = 80;

    private static final TargetCheck ALLOWED = new TargetCheck.Allowed();

    private final boolean allowPrivateTargets;
    private final HostResolver resolver;

    @Inject
    public AddressWebhookTargetPolicy(DeliverySettings settings, HostResolver resolver) {
        this(settings.webhooks().allowPrivateTargets(), resolver);
    }

    AddressWebhookTargetPolicy(boolean allowPrivateTargets) {
        this(allowPrivateTargets, InetAddress::getAllByName);
    }

    /** Lets tests decide what a host name resolves to without depending on the machine's DNS. */
    AddressWebhookTargetPolicy(boolean allowPrivateTargets, HostResolver resolver) {
        this.allowPrivateTargets = allowPrivateTargets;
        this.resolver = resolver;
    }

    @Override
    public TargetCheck check(String url) {
        return inspect(url) instanceof CheckedTarget.Refused refused ? refused(refused.reason()) : ALLOWED;
    }

    /**
     * Checks the URL's shape, resolves its host once and checks every address. A sender connects only
     * to the addresses returned here, so what it reaches is what was checked, whatever the name's
     * DNS answers afterwards (DNS rebinding).
     */
    CheckedTarget inspect(String url) {
        if (url == null || url.isBlank()) {
            return refusal("The URL is empty.");
        }
        if (url.length() > URL_LENGTH_MAX) {
            return refusal("The URL is longer than " + URL_LENGTH_MAX + " characters.");
        }
        URI uri;
        try {
            uri = new URI(url);
        } catch (URISyntaxException e) {
            return refusal("The URL is not a valid absolute URL.");
        }
        String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
        if (!scheme.equals("https") && !scheme.equals("http")) {
            return refusal(allowPrivateTargets
                    ? "The URL must start with http:// or https://."
                    : "The URL must start with https://.");
        }
        if (NumericHosts.isAmbiguous(writtenHost(uri))) {
            // Refused even where private targets are allowed: the problem is that the address is unclear.
            return refusal("The host is a number in an ambiguous form (leading zeros, octal, hexadecimal, a single"
                    + " integer or fewer than four parts) that other software reads as another address; write an"
                    + " IPv4 address as four decimal numbers from 0 to 255, such as 93.184.216.34.");
        }
        if (uri.getHost() == null) {
            return refusal("The URL has no valid host name.");
        }
        if (uri.getPort() == 0 || uri.getPort() > PORT_MAX) {
            // URI parses any number of digits; no socket can be opened to such a port.
            return refusal("The port must be a number from 1 to " + PORT_MAX + ".");
        }
        if (uri.getRawUserInfo() != null) {
            // Credentials in a URL end up in logs and delivery records; the signature authenticates us instead.
            return refusal("The URL must not contain a user name or password.");
        }
        if (scheme.equals("http") && !allowPrivateTargets) {
            return refusal("The URL must use https, so that event contents stay confidential.");
        }
        String host = withoutBrackets(uri.getHost());
        InetAddress[] resolved;
        try {
            resolved = resolver.resolve(host);
        } catch (UnknownHostException e) {
            return refusal("The host name could not be resolved.");
        }
        List<InetAddress> addresses = resolved == null ? List.of() : List.of(resolved);
        if (checkAddresses(addresses) instanceof TargetCheck.Refused refused) {
            return refusal(refused.reason());
        }
        boolean https = scheme.equals("https");
        int port = uri.getPort() >= 0 ? uri.getPort() : https ? HTTPS_PORT : HTTP_PORT;
        String path = uri.getRawPath() == null || uri.getRawPath().isEmpty() ? "/" : uri.getRawPath();
        String pathAndQuery = uri.getRawQuery() == null ? path : path + "?" + uri.getRawQuery();
        return new CheckedTarget.Approved(https, host, port, pathAndQuery, addresses);
    }

    /**
     * Checks addresses that a host name has already been resolved to. A single non-public address
     * refuses the whole set, because the HTTP client may pick any of them when it connects.
     */
    public TargetCheck checkAddresses(List<InetAddress> addresses) {
        if (addresses.isEmpty()) {
            return refused("The host name did not resolve to any address.");
        }
        if (allowPrivateTargets) {
            return ALLOWED;
        }
        for (InetAddress address : addresses) {
            TargetAddresses.Kind kind = TargetAddresses.classify(address);
            if (!kind.isPublic()) {
                return refused("The host resolves to " + kind.description
                        + "; webhook URLs must point at public internet addresses.");
            }
        }
        return ALLOWED;
    }

    /** The host as written, also when {@link URI} does not take it for a host name (as with {@code 127.1}). */
    private static String writtenHost(URI uri) {
        if (uri.getHost() != null) {
            return uri.getHost();
        }
        String authority = uri.getRawAuthority() == null ? "" : uri.getRawAuthority();
        String hostAndPort = authority.substring(authority.lastIndexOf('@') + 1);
        if (hostAndPort.startsWith("[")) {
            return hostAndPort.substring(0, hostAndPort.indexOf(']') + 1);
        }
        int portColon = hostAndPort.lastIndexOf(':');
        return portColon < 0 ? hostAndPort : hostAndPort.substring(0, portColon);
    }

    private static String withoutBrackets(String host) {
        // URI keeps the brackets around an IPv6 literal; the resolver wants the bare address.
        if (host.startsWith("[") && host.endsWith("]")) {
            return host.substring(1, host.length() - 1);
        }
        return host;
    }

    private static TargetCheck refused(String reason) {
        return new TargetCheck.Refused(reason);
    }

    private static CheckedTarget refusal(String reason) {
        return new CheckedTarget.Refused(reason);
    }
}
