package dev.recaudo.webhooks.delivery;

/**
 * What outbound delivery reads from configuration ({@code recaudo.webhooks.*}). Names, defaults
 * and bounds are declared once, in bootstrap's {@code RecaudoConfig}, which implements this view.
 */
public interface DeliverySettings {

    Webhooks webhooks();

    interface Webhooks {
        /** Lets targets be plain http and private or loopback addresses: development and tests only. */
        boolean allowPrivateTargets();

        long connectTimeoutMillis();

        /** The whole answer must arrive within this time after the connection. */
        long readTimeoutMillis();
    }
}
