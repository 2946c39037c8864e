package dev.recaudo.webhooks.delivery;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A resolver that answers from a script instead of DNS (the build machine has none) and counts its
 * lookups. A name may get a different answer at each lookup, as a rebinding DNS server would give.
 * Address literals resolve to themselves, as they do with the JDK.
 */
final class ScriptedResolver implements HostResolver {

    private final Map<String, List<InetAddress[]>> answers = new HashMap<>();
    private final Map<String, AtomicInteger> lookups = new HashMap<>();

    /** {@code name} resolves to {@code firstAnswer} at its first lookup, and so on; the last answer repeats. */
    ScriptedResolver answer(String name, String... firstAnswerThenLater) {
        List<InetAddress[]> script = new ArrayList<>();
        for (String answer : firstAnswerThenLater) {
            script.add(addresses(answer.split(",")));
        }
        answers.put(name, script);
        return this;
    }

    int lookups(String name) {
        AtomicInteger count = lookups.get(name);
        return count == null ? 0 : count.get();
    }

    @Override
    public synchronized InetAddress[] resolve(String host) throws UnknownHostException {
        int lookup = lookups.computeIfAbsent(host, name -> new AtomicInteger()).getAndIncrement();
        List<InetAddress[]> script = answers.get(host);
        if (script == null) {
            if (!host.matches("[0-9.]+") && !host.contains(":")) {
                throw new UnknownHostException(host); // no DNS here: an unscripted name resolves nowhere
            }
            return new InetAddress[] {InetAddress.getByName(host)};
        }
        return script.get(Math.min(lookup, script.size() - 1));
    }

    private static InetAddress[] addresses(String[] literals) {
        InetAddress[] addresses = new InetAddress[literals.length];
        for (int i = 0; i < literals.length; i++) {
            try {
                addresses[i] = InetAddress.getByName(literals[i]);
            } catch (UnknownHostException e) {
                throw new IllegalArgumentException("not an address literal: " + literals[i], e);
            }
        }
        return addresses;
    }
}
