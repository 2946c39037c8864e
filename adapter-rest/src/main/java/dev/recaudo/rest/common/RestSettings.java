package dev.recaudo.rest.common;

import java.util.Optional;

/**
 * What the HTTP edge reads from configuration: the {@code recaudo.*} settings of limits, pages,
 * credentials and tokens. Names, defaults and bounds are declared once, in bootstrap's
 * {@code RecaudoConfig}, which implements this view; the edge never reads a configuration key itself.
 */
public interface RestSettings {

    /** A production deployment: the console's cookies are {@code Secure} whatever the request's scheme says. */
    boolean production();

    /** The service's address as partners and people reach it (links handed out: an invitation's); never from request headers. */
    String publicBaseUrl();

    Operator operator();

    Sandbox sandbox();

    Http http();

    BankStatements bankStatements();

    RateLimit rateLimit();

    Integrations integrations();

    Pages pages();

    ApiKeys apiKeys();

    Admin admin();

    Checkout checkout();

    WhatsApp whatsapp();

    interface Operator {
        /** Bearer token of the platform operator; without one the operator API is disabled. */
        Optional<String> token();
    }

    interface Sandbox {
        boolean enabled();
    }

    interface BankStatements {
        /** The largest bank statement body read, in bytes; a larger one gets 413. */
        long maxBytes();
    }

    interface Http {
        /** The largest request body read, in bytes; larger ones get the family's 413. */
        long bodyBytesMax();

        /** The largest processor event read ({@code /webhooks/processors/...}), in bytes; larger ones get a 413. */
        long processorEventBytesMax();
    }

    interface RateLimit {
        Window publicApi();

        PerMinute integrations();

        PerMinute verifiedPayments();
    }

    /** A fixed window: {@code limit} requests per {@code windowSeconds}. */
    interface Window {
        int limit();

        long windowSeconds();
    }

    interface PerMinute {
        int perMinute();
    }

    interface Integrations {
        /** How far {@code Service-Timestamp} may be from server time, either way. */
        long signatureToleranceSeconds();

        int documentsPerPaymentMax();

        int linesPerDocumentMax();
    }

    interface Pages {
        PageSize publicInvoices();

        PageSize integrations();

        PageSize externalPayments();
    }

    /** Page size of a list: what an absent size means, and the largest accepted. */
    interface PageSize {
        int defaultSize();

        int max();
    }

    interface ApiKeys {
        int activeMax();

        int rpmDefault();

        int rpmMax();
    }

    interface Admin {
        int passwordHashCost();

        long tokenLifetimeSeconds();

        /** Failed logins per e-mail address and client address, per minute. */
        int loginAttemptsPerMinute();

        /** Failed logins per client address, whatever the e-mail address, per minute. */
        int loginFailuresPerAddressPerMinute();

        /** Failed logins per e-mail address from every client address together, per minute. */
        int loginFailuresPerEmailPerMinute();
    }

    interface Checkout {
        long tokenLifetimeSeconds();
    }

    interface WhatsApp {
        /** The app secret that signs the provider's webhooks; without it every delivery is refused. */
        Optional<String> appSecret();

        /** The token of the subscription handshake; without it every handshake is refused. */
        Optional<String> verifyToken();
    }
}
