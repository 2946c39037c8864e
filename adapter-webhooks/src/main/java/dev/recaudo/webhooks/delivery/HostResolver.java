package dev.recaudo.webhooks.delivery;

import java.net.InetAddress;
import java.net.UnknownHostException;

/**
 * Name resolution for outbound requests, as {@link InetAddress#getAllByName(String)} does it. It is a
 * bean of its own so that tests can make a name resolve to any address (the build machine has no
 * DNS), and so that the policy and the sender share one lookup per attempt: the sender connects to an
 * address this resolver returned and the policy approved, never to a second answer for the same name.
 */
@FunctionalInterface
public interface HostResolver {

    InetAddress[] resolve(String host) throws UnknownHostException;
}
