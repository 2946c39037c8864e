package dev.recaudo.webhooks.delivery;

import io.quarkus.arc.DefaultBean;
import jakarta.enterprise.context.ApplicationScoped;
import java.net.InetAddress;
import java.net.UnknownHostException;

/** The machine's resolver (hosts file, then DNS); a test may declare another {@link HostResolver} bean. */
@ApplicationScoped
@DefaultBean
public class SystemHostResolver implements HostResolver {

    @Override
    public InetAddress[] resolve(String host) throws UnknownHostException {
        return InetAddress.getAllByName(host);
    }
}
