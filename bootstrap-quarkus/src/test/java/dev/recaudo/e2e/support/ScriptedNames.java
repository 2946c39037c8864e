package dev.recaudo.e2e.support;

import dev.recaudo.webhooks.delivery.HostResolver;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Alternative;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The service's name resolution for tests that enable it ({@code getEnabledAlternatives}): a test
 * scripts what a name resolves to, one answer per lookup (the last repeats), as a rebinding DNS
 * server would answer, since this machine has no DNS. Unscripted names resolve as the machine does.
 */
@Alternative
@ApplicationScoped
public class ScriptedNames implements HostResolver {

    private final Map<String, List<String>> answers = new ConcurrentHashMap<>();
    private final Map<String, AtomicInteger> lookups = new ConcurrentHashMap<>();

    /**
     * {@code name} resolves to the first answer at its first lookup, the second at the second, and so
     * on; an answer holds one address or several separated by commas.
     */
    public void answer(String name, String... answersInOrder) {
        answers.put(name, List.of(answersInOrder));
        lookups.remove(name);
    }

    public int lookups(String name) {
        AtomicInteger count = lookups.get(name);
        return count == null ? 0 : count.get();
    }

    @Override
    public InetAddress[] resolve(String host) throws UnknownHostException {
        int lookup = lookups.computeIfAbsent(host, name -> new AtomicInteger()).getAndIncrement();
        List<String> script = answers.get(host);
        if (script == null) {
            return InetAddress.getAllByName(host);
        }
        String[] literals = script.get(Math.min(lookup, script.size() - 1)).split(",");
        InetAddress[] addresses = new InetAddress[literals.length];
        for (int i = 0; i < literals.length; i++) {
            addresses[i] = InetAddress.getByName(literals[i]); // only address literals are scripted: no DNS is asked
        }
        return addresses;
    }
}
