package dev.recaudo.bootstrap;

import dev.recaudo.domain.money.Money;
import dev.recaudo.persistence.secret.Keyring;
import dev.recaudo.rest.common.RestSettings;
import io.quarkus.runtime.StartupEvent;
import jakarta.annotation.Priority;
import jakarta.enterprise.event.Observes;
import jakarta.interceptor.Interceptor;
import java.util.ArrayList;
import java.util.List;
import org.jboss.logging.Logger;

/**
 * Rules between settings that bounds on single values cannot state. Checked first thing at start,
 * so a combination that would misbehave later (a default above its maximum, a lease shorter than
 * the work it covers) stops the service with a message naming the settings instead.
 */
public class ConfigurationChecks {

    private static final Logger LOG = Logger.getLogger(ConfigurationChecks.class);

    /** Keys the demo seed issues: one per API family. */
    static final int DEMO_SEED_KEYS = 4;

    void onStart(@Observes @Priority(Interceptor.Priority.PLATFORM_BEFORE - 1) StartupEvent event, RecaudoConfig config) {
        List<String> problems = problems(config);
        if (!problems.isEmpty()) {
            throw new IllegalStateException("Recaudo's configuration is inconsistent: " + String.join("; ", problems));
        }
        warnings(config).forEach(LOG::warn);
    }

    /** Settings that leave a feature off on purpose, said once at start so an operator notices. */
    static List<String> warnings(RecaudoConfig config) {
        List<String> warnings = new ArrayList<>();
        if (config.whatsapp().appSecret().filter(secret -> !secret.isBlank()).isEmpty()
                || config.whatsapp().verifyToken().filter(token -> !token.isBlank()).isEmpty()) {
            warnings.add("RECAUDO_WHATSAPP_APP_SECRET or RECAUDO_WHATSAPP_VERIFY_TOKEN is unset: every WhatsApp webhook"
                    + " delivery and handshake is refused, so no messaging confirmations are stored");
        }
        if (config.secrets().activeKey().filter(key -> !key.isBlank()).isEmpty()) {
            warnings.add("RECAUDO_SECRETS_ACTIVE_KEY is unset: signing keys and webhook secrets are stored in plaintext,"
                    + " which suits local development only (RECAUDO_PRODUCTION=true refuses to start this way)");
        }
        ApiConfig.AdminConfig admin = config.admin();
        if (admin.loginFailuresPerAddressPerMinute() >= admin.loginFailuresPerEmailPerMinute()) {
            // A warning, not a refusal: tests raise the per-address limit so that their many logins pass.
            warnings.add("recaudo.admin.login-failures-per-address-per-minute is not below"
                    + " recaudo.admin.login-failures-per-email-per-minute: one address or IPv6 network alone may reach"
                    + " the per-e-mail ceiling and lock an administrator out from everywhere for a minute");
        }
        return warnings;
    }

    static List<String> problems(RecaudoConfig config) {
        List<String> problems = new ArrayList<>();
        if (config.apiKeys().rpmDefault() > config.apiKeys().rpmMax()) {
            problems.add("recaudo.api-keys.rpm-default must not exceed recaudo.api-keys.rpm-max");
        }
        pageSize(problems, "public-invoices", config.pages().publicInvoices());
        pageSize(problems, "integrations", config.pages().integrations());
        pageSize(problems, "external-payments", config.pages().externalPayments());
        dispatch(problems, config);
        if (config.demoSeed() && config.apiKeys().activeMax() < DEMO_SEED_KEYS) {
            problems.add("recaudo.demo-seed issues " + DEMO_SEED_KEYS + " keys: recaudo.api-keys.active-max must allow them");
        }
        // Sums of listed amounts stay within a long, so adding them never overflows.
        if (!sumsFit(config.integrations().linesPerDocumentMax()) || !sumsFit(config.integrations().documentsPerPaymentMax())) {
            problems.add("recaudo.integrations.lines-per-document-max and documents-per-payment-max times the maximum"
                    + " amount must fit a 64-bit integer");
        }
        ApiConfig.AdminConfig admin = config.admin();
        if (admin.loginFailuresPerEmailPerMinute() <= admin.loginAttemptsPerMinute()) {
            problems.add("recaudo.admin.login-failures-per-email-per-minute must exceed recaudo.admin.login-attempts-per-minute,"
                    + " or failures from one address alone would lock the administrator out of every other address");
        }
        if (admin.loginFailuresPerAddressPerMinute() < admin.loginAttemptsPerMinute()) {
            problems.add("recaudo.admin.login-failures-per-address-per-minute must not be below"
                    + " recaudo.admin.login-attempts-per-minute");
        }
        if (admin.consoleIdleMinutes() * 60L > admin.tokenLifetimeSeconds()) {
            problems.add("recaudo.admin.console-idle-minutes must not exceed recaudo.admin.token-lifetime-seconds,"
                    + " the longest a console session lasts");
        }
        if (config.http().processorEventBytesMax() > config.http().bodyBytesMax()) {
            problems.add("recaudo.http.processor-event-bytes-max must not exceed recaudo.http.body-bytes-max, which bounds"
                    + " every body read first");
        }
        secrets(problems, config);
        return problems;
    }

    /**
     * Attempts run concurrently, each right after its claim: a lease must outlast one attempt's
     * timeouts with room to record it, or another instance sends the delivery again. A company may
     * hold at least as many attempts as one of its targets.
     */
    private static void dispatch(List<String> problems, RecaudoConfig config) {
        DispatchConfig.WebhooksConfig webhooks = config.webhooks();
        long attemptWorstCaseMillis = webhooks.connectTimeoutMillis() + webhooks.readTimeoutMillis();
        if (webhooks.leaseSeconds() * 1000 < 2 * attemptWorstCaseMillis) {
            problems.add("recaudo.webhooks.lease-seconds must last at least twice an attempt's timeouts (2 x (connect-timeout-millis"
                    + " + read-timeout-millis) = " + 2 * attemptWorstCaseMillis + " ms), or another instance sends it again");
        }
        if (webhooks.inFlightPerCompanyMax() < webhooks.inFlightPerEndpointMax()) {
            problems.add("recaudo.webhooks.in-flight-per-company-max must not be below in-flight-per-endpoint-max");
        }
        if (config.callbacks().inFlightPerCompanyMax() < config.callbacks().inFlightPerOriginMax()) {
            problems.add("recaudo.callbacks.in-flight-per-company-max must not be below in-flight-per-origin-max");
        }
        if (webhooks.pauseMaxSeconds() < webhooks.pauseBaseSeconds()) {
            problems.add("recaudo.webhooks.pause-max-seconds must not be below pause-base-seconds");
        }
    }

    /** The keyring must be readable; in production, or with plaintext refused, a key must seal secrets at rest. */
    private static void secrets(List<String> problems, RecaudoConfig config) {
        try {
            Keyring keyring = Keyring.parse(config.secrets().keys(), config.secrets().activeKey());
            if (config.production() && keyring.activeKeyId().isEmpty()) {
                problems.add("recaudo.production is on but no key seals secrets at rest: set recaudo.secrets.keys"
                        + " (RECAUDO_SECRETS_KEYS) and recaudo.secrets.active-key (RECAUDO_SECRETS_ACTIVE_KEY)");
            }
            if (config.secrets().refusePlaintext() && keyring.activeKeyId().isEmpty()) {
                problems.add("recaudo.secrets.refuse-plaintext is on but no key seals secrets at rest, so every secret"
                        + " would be written in plaintext and refused: set recaudo.secrets.active-key");
            }
        } catch (IllegalArgumentException unreadable) {
            problems.add(unreadable.getMessage());
        }
    }

    private static boolean sumsFit(int amountsMax) {
        try {
            Math.multiplyExact(amountsMax, Money.AMOUNT_MINOR_MAX);
            return true;
        } catch (ArithmeticException overflow) {
            return false;
        }
    }

    private static void pageSize(List<String> problems, String family, RestSettings.PageSize sizes) {
        if (sizes.defaultSize() > sizes.max()) {
            problems.add("recaudo.pages." + family + ".default-size must not exceed recaudo.pages." + family + ".max");
        }
    }
}
