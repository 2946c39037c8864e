package dev.recaudo.bootstrap;

import dev.recaudo.application.apikey.ApiKeyAdministrationUseCase;
import dev.recaudo.application.apikey.ApiKeyAdministrationUseCase.IssueResult;
import dev.recaudo.application.company.CompanyAdministrationUseCase;
import dev.recaudo.application.company.CompanyAdministrationUseCase.OnboardCompany;
import dev.recaudo.application.company.CompanyAdministrationUseCase.OnboardingResult;
import dev.recaudo.domain.apikey.ApiKeySpec;
import dev.recaudo.domain.apikey.KeyEnvironment;
import dev.recaudo.domain.apikey.Permission;
import dev.recaudo.domain.company.CompanyId;
import dev.recaudo.domain.money.CurrencyCode;
import io.quarkus.runtime.LaunchMode;
import io.quarkus.runtime.StartupEvent;
import io.smallrye.config.ConfigValue;
import io.smallrye.config.DefaultValuesConfigSource;
import io.smallrye.config.SmallRyeConfig;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.security.SecureRandom;
import java.util.EnumSet;
import java.util.HexFormat;
import java.util.Optional;
import java.util.Set;
import org.jboss.logging.Logger;

/**
 * With {@code RECAUDO_DEMO_SEED=true}, the first start creates a demo company, its administrator
 * and one test key per API family, and prints them once as {@code export} lines (the variables of
 * {@code docs/quickstart.md}) followed by ready-to-paste {@code curl} lines. Test keys, because the
 * sandbox controls refuse live keys and a first try should reach a paid checkout; four keys leave
 * one of the company's five active keys free. Later starts, and other instances, find the
 * administrator taken and do nothing.
 */
@ApplicationScoped
public class DemoSeed {

    static final String ADMIN_EMAIL = "demo-admin@recaudo.local";
    private static final String PUBLIC_BASE_URL = "recaudo.public-base-url";
    /**
     * The first and last lines of the printout: the only place secrets may be written to the
     * console, so the battery's log scan leaves out exactly what lies between them.
     */
    public static final String PRINTOUT_START = "==================== Recaudo demo seed (shown once) ====================";
    public static final String PRINTOUT_END = "=========================================================================";
    private static final Logger LOG = Logger.getLogger(DemoSeed.class);

    private final CompanyAdministrationUseCase companies;
    private final ApiKeyAdministrationUseCase keys;
    private final SecureRandom random;
    private final boolean enabled;
    private final String publicBaseUrl;
    private final SmallRyeConfig settings;

    public DemoSeed(
            CompanyAdministrationUseCase companies,
            ApiKeyAdministrationUseCase keys,
            SecureRandom random,
            RecaudoConfig config,
            SmallRyeConfig settings) {
        this.companies = companies;
        this.keys = keys;
        this.random = random;
        this.enabled = config.demoSeed();
        this.publicBaseUrl = config.publicBaseUrl();
        this.settings = settings;
    }

    void onStart(@Observes StartupEvent event) {
        if (enabled) {
            seed();
        }
    }

    public void seed() {
        byte[] secret = new byte[12];
        random.nextBytes(secret);
        String password = HexFormat.of().formatHex(secret);
        OnboardingResult result = companies.onboard(
                new OnboardCompany("Recaudo Demo", Optional.of(CurrencyCode.USD), true, ADMIN_EMAIL, password));
        if (!(result instanceof OnboardingResult.Onboarded onboarded)) {
            LOG.infof("demo seed: %s already exists, nothing to do", ADMIN_EMAIL);
            return;
        }
        CompanyId companyId = onboarded.company().id();
        String publicKey = testKey(companyId, "demo public invoices", "demo-erp", EnumSet.of(
                Permission.PUBLIC_INVOICES_READ, Permission.PUBLIC_INVOICES_WRITE, Permission.WHATSAPP_EVENTS_READ));
        String integrationsKey = testKey(companyId, "demo integrations", "demo-erp", EnumSet.of(
                Permission.CUSTOMERS_READ, Permission.CUSTOMERS_WRITE, Permission.COLLECTION_DOCUMENTS_READ,
                Permission.COLLECTION_DOCUMENTS_WRITE, Permission.PAYMENTS_READ, Permission.VERIFIED_PAYMENTS_WRITE,
                Permission.CERTIFIED_RATES_WRITE));
        String externalKey = testKey(companyId, "demo external payments", "demo-shop",
                EnumSet.of(Permission.PAYMENTS_CREATE, Permission.PAYMENTS_READ));
        String checkoutKey = testKey(companyId, "demo checkout", "demo-shop", EnumSet.of(Permission.CHECKOUT_WRITE));

        String text = String.join("\n",
                "",
                PRINTOUT_START,
                "# Test keys (rk_test_): sandbox documents, invisible to live keys. Partners: demo-erp",
                "# (invoices, integrations), demo-shop (external payments, checkout). Paste these lines",
                "# into your shell to follow docs/quickstart.md:",
                "export BASE=" + base(),
                "export COMPANY_ID=" + companyId,
                "export ADMIN_EMAIL=" + ADMIN_EMAIL,
                "export ADMIN_PASSWORD=" + password,
                "export PUBLIC_KEY=" + publicKey,
                "export INTEGRATIONS_KEY=" + integrationsKey,
                "export EXTERNAL_KEY=" + externalKey,
                "export CHECKOUT_KEY=" + checkoutKey,
                "",
                "curl -s -H \"Authorization: Bearer $PUBLIC_KEY\" \"$BASE/v1/invoices\"",
                "curl -s -H \"X-API-Key: $EXTERNAL_KEY\" \"$BASE/external/payments\"",
                "jq -n --arg email \"$ADMIN_EMAIL\" --arg password \"$ADMIN_PASSWORD\" '{$email, $password}'"
                        + " | curl -s -H 'Content-Type: application/json' -d @- \"$BASE/auth/token\"",
                PRINTOUT_END,
                "");
        // Printed on standard output, not logged: these secrets must not travel to a log collector.
        System.out.println(text);
    }

    /**
     * What {@code BASE} points at: the public base URL when one is configured; otherwise this
     * instance, on the port and root path it serves, since the default public URL names port 8080
     * whatever port was chosen. The port is read when the seed runs: a fixed one is known at start;
     * {@code 0} (any free port) is chosen only once the server listens, after the seed, so the
     * default URL is all there is to print then.
     */
    String base() {
        ConfigValue configured = settings.getConfigValue(PUBLIC_BASE_URL);
        int port = settings.getOptionalValue(LaunchMode.current() == LaunchMode.TEST ? "quarkus.http.test-port"
                : "quarkus.http.port", Integer.class).orElse(0);
        if (!DefaultValuesConfigSource.NAME.equals(configured.getConfigSourceName()) || port <= 0) {
            return publicBaseUrl;
        }
        String rootPath = settings.getOptionalValue("quarkus.http.root-path", String.class).orElse("/");
        return "http://localhost:" + port + (rootPath.equals("/") ? "" : rootPath.replaceAll("/+$", ""));
    }

    private String testKey(CompanyId companyId, String name, String source, Set<Permission> permissions) {
        IssueResult result = keys.create(companyId,
                new ApiKeySpec(name, permissions, Optional.of(source), KeyEnvironment.TEST, 600));
        if (result instanceof IssueResult.Issued issued) {
            return issued.secret().text();
        }
        throw new IllegalStateException("the demo seed could not issue its " + name + " key: "
                + ((IssueResult.Rejected) result).reason());
    }
}
