package dev.recaudo.bootstrap;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.smallrye.config.ConfigValidationException;
import io.smallrye.config.SmallRyeConfig;
import io.smallrye.config.SmallRyeConfigBuilder;
import io.smallrye.config.common.MapBackedConfigSource;
import io.smallrye.config.validator.BeanValidationConfigValidatorImpl;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.Test;

/**
 * The configuration an operator reads about (README's table) is the configuration the service
 * has: same settings, same defaults; and values outside their bounds stop the service at start.
 */
class RecaudoConfigTest {

    private static final Pattern README_ROW = Pattern.compile("^\\| `(RECAUDO_[A-Z0-9_]+)` \\| ([^|]+) \\|", Pattern.MULTILINE);

    @Test
    void givenReadme_thenEverySettingIsListedWithItsDefault() throws IOException {
        Map<String, String> documented = readmeRows();
        Map<String, String> declared = declaredDefaults();

        assertThat(documented.keySet()).as("settings in README's table").isEqualTo(declared.keySet());
        declared.forEach((variable, value) ->
                assertThat(documented.get(variable)).as(variable).isEqualTo("`" + value + "`"));
    }

    @Test
    void givenApiKeyRateAboveTheDatabaseCheck_whenStarting_thenRefused() {
        assertThatThrownBy(() -> config(Map.of("recaudo.api-keys.rpm-max", "100001")))
                .isInstanceOf(ConfigValidationException.class)
                .hasMessageContaining("rpm-max");
    }

    @Test
    void givenBodyLimitAboveTheServerLimit_whenStarting_thenRefused() {
        assertThatThrownBy(() -> config(Map.of("recaudo.http.body-bytes-max", "5000000")))
                .isInstanceOf(ConfigValidationException.class)
                .hasMessageContaining("recaudo.http.body-bytes-max");
    }

    @Test
    void givenScheduleThatIsNotADurationOrOff_whenStarting_thenRefused() {
        assertThat(config(Map.of("recaudo.jobs.poll-interval", "off")).jobs().pollInterval()).isEqualTo("off");
        assertThatThrownBy(() -> config(Map.of("recaudo.webhooks.dispatch-interval", "sometimes")))
                .isInstanceOf(ConfigValidationException.class)
                .hasMessageContaining("dispatch-interval");
    }

    @Test
    void givenUnknownRecaudoProperty_whenStarting_thenRefused() {
        assertThatThrownBy(() -> config(Map.of("recaudo.rate-limit.publik.limit", "10")))
                .isInstanceOf(ConfigValidationException.class)
                .hasMessageContaining("recaudo.rate-limit.publik.limit");
    }

    @Test
    void givenOverride_thenEachAdapterViewSeesIt() {
        RecaudoConfig config = config(Map.of("recaudo.rate-limit.public.limit", "42", "recaudo.jobs.lease-seconds", "60"));

        assertThat(config.rateLimit().publicApi().limit()).isEqualTo(42);
        assertThat(((dev.recaudo.rest.common.RestSettings) config).rateLimit().publicApi().limit()).isEqualTo(42);
        assertThat(config.jobs().leaseSeconds()).isEqualTo(60);
    }

    @Test
    void givenDefaults_thenTheSettingsAgreeWithEachOther() {
        assertThat(ConfigurationChecks.problems(config(Map.of()))).isEmpty();
    }

    @Test
    void givenWhatsAppSecretsUnsetOrBlank_thenAStartUpWarningNamesThem() {
        assertThat(ConfigurationChecks.warnings(config(SEALED))).singleElement().asString()
                .contains("RECAUDO_WHATSAPP_APP_SECRET");
        assertThat(ConfigurationChecks.warnings(config(with(SEALED, "recaudo.whatsapp.app-secret", "s")))).hasSize(1);
        assertThat(ConfigurationChecks.warnings(config(with(with(SEALED, "recaudo.whatsapp.app-secret", "s"),
                "recaudo.whatsapp.verify-token", "t")))).isEmpty();
    }

    @Test
    void givenNoSealingKey_whenStartingForDevelopment_thenAWarningSaysSecretsAreStoredInPlaintext() {
        assertThat(ConfigurationChecks.problems(config(Map.of()))).isEmpty();
        assertThat(ConfigurationChecks.warnings(config(Map.of()))).anySatisfy(warning ->
                assertThat(warning).contains("RECAUDO_SECRETS_ACTIVE_KEY").contains("plaintext"));
        assertThat(ConfigurationChecks.warnings(config(SEALED)))
                .noneSatisfy(warning -> assertThat(warning).contains("RECAUDO_SECRETS_ACTIVE_KEY"));
    }

    @Test
    void givenProductionWithoutASealingKey_whenStarting_thenRefusedNamingTheSettings() {
        assertThat(ConfigurationChecks.problems(config(Map.of("recaudo.production", "true")))).singleElement().asString()
                .contains("recaudo.production").contains("RECAUDO_SECRETS_KEYS").contains("RECAUDO_SECRETS_ACTIVE_KEY");
        assertThat(ConfigurationChecks.problems(config(with(SEALED, "recaudo.production", "true")))).isEmpty();
    }

    /** Review F7: with plaintext refused and no key, every secret would be written in plaintext and refused. */
    @Test
    void givenPlaintextRefusedWithoutASealingKey_whenStarting_thenRefusedNamingTheSetting() {
        assertThat(ConfigurationChecks.problems(config(Map.of("recaudo.secrets.refuse-plaintext", "true")))).singleElement()
                .asString().contains("recaudo.secrets.refuse-plaintext").contains("recaudo.secrets.active-key");
        assertThat(ConfigurationChecks.problems(config(with(SEALED, "recaudo.secrets.refuse-plaintext", "true")))).isEmpty();
    }

    @Test
    void givenAnUnreadableKeyring_whenStarting_thenRefusedWithoutQuotingTheKey() {
        String shortKey = "c2hvcnQ=";
        assertThat(ConfigurationChecks.problems(config(Map.of("recaudo.secrets.keys", "k1:" + shortKey,
                "recaudo.secrets.active-key", "k1")))).singleElement().asString()
                .contains("recaudo.secrets.keys").doesNotContain(shortKey);
        assertThat(ConfigurationChecks.problems(config(with(SEALED, "recaudo.secrets.active-key", "k2")))).singleElement()
                .asString().contains("recaudo.secrets.active-key");
    }

    @Test
    void givenSettingsThatContradictEachOther_whenStarting_thenEachIsNamed() {
        RecaudoConfig config = config(Map.of(
                "recaudo.api-keys.rpm-default", "500", "recaudo.api-keys.rpm-max", "100",
                "recaudo.pages.integrations.default-size", "200",
                "recaudo.webhooks.lease-seconds", "30", "recaudo.webhooks.read-timeout-millis", "20000",
                "recaudo.demo-seed", "true", "recaudo.api-keys.active-max", "3"));

        assertThat(ConfigurationChecks.problems(config)).hasSize(4)
                .anySatisfy(problem -> assertThat(problem).contains("rpm-default"))
                .anySatisfy(problem -> assertThat(problem).contains("pages.integrations.default-size"))
                .anySatisfy(problem -> assertThat(problem).contains("lease-seconds"))
                .anySatisfy(problem -> assertThat(problem).contains("demo-seed"));
    }

    /** Issue 21, item 5: one address alone must never reach the per-e-mail ceiling of failed logins. */
    @Test
    void givenLoginCeilingsBelowThePerAddressLimit_whenStarting_thenEachIsNamed() {
        RecaudoConfig config = config(Map.of("recaudo.admin.login-attempts-per-minute", "20",
                "recaudo.admin.login-failures-per-address-per-minute", "10",
                "recaudo.admin.login-failures-per-email-per-minute", "20"));

        assertThat(ConfigurationChecks.problems(config)).hasSize(2)
                .anySatisfy(problem -> assertThat(problem).contains("login-failures-per-email-per-minute must exceed"))
                .anySatisfy(problem -> assertThat(problem).contains("login-failures-per-address-per-minute must not be below"));
    }

    /**
     * Issue 21 review, second round: one network's failures stay below the per-e-mail ceiling only
     * while the per-address limit is; at or above it start says so (the test profile raises it on purpose).
     */
    @Test
    void givenPerAddressLimitNotBelowThePerEmailCeiling_whenStarting_thenAWarningNamesBoth() {
        RecaudoConfig config = config(with(with(SEALED, "recaudo.admin.login-failures-per-address-per-minute", "100"),
                "recaudo.admin.login-failures-per-email-per-minute", "100"));

        assertThat(ConfigurationChecks.problems(config)).isEmpty();
        assertThat(ConfigurationChecks.warnings(config)).anySatisfy(warning -> assertThat(warning)
                .contains("login-failures-per-address-per-minute is not below").contains("login-failures-per-email-per-minute"));
        assertThat(ConfigurationChecks.warnings(config(SEALED)))
                .noneSatisfy(warning -> assertThat(warning).contains("login-failures-per-address-per-minute"));
    }

    /** A keyring of one key, active, as production has. */
    private static final Map<String, String> SEALED = Map.of(
            "recaudo.secrets.keys", "k1:" + Base64.getEncoder().encodeToString(new byte[32]),
            "recaudo.secrets.active-key", "k1");

    private static Map<String, String> with(Map<String, String> properties, String name, String value) {
        Map<String, String> more = new HashMap<>(properties);
        more.put(name, value);
        return more;
    }

    static RecaudoConfig config(Map<String, String> properties) {
        SmallRyeConfig config = builder()
                .withSources(new MapBackedConfigSource("test", properties) {})
                .withValidator(new BeanValidationConfigValidatorImpl())
                .build();
        return config.getConfigMapping(RecaudoConfig.class);
    }

    private static SmallRyeConfigBuilder builder() {
        return new SmallRyeConfigBuilder().withMapping(RecaudoConfig.class);
    }

    /** Every property the mapping knows, by environment-variable name, with its default ("unset" when it has none). */
    private static Map<String, String> declaredDefaults() {
        SmallRyeConfig config = builder().build();
        Map<String, String> defaults = new TreeMap<>();
        StreamSupport.stream(config.getPropertyNames().spliterator(), false)
                .filter(name -> name.startsWith("recaudo."))
                .forEach(name -> defaults.put(environmentName(name), config.getRawValue(name)));
        // Optional settings without a default, which the mapping does not list as properties.
        defaults.put("RECAUDO_CRASH_TEST_POINT", "unset");
        defaults.put("RECAUDO_OPERATOR_TOKEN", "unset");
        defaults.put("RECAUDO_SECRETS_ACTIVE_KEY", "unset");
        defaults.put("RECAUDO_SECRETS_KEYS", "unset");
        defaults.put("RECAUDO_WHATSAPP_APP_SECRET", "unset");
        defaults.put("RECAUDO_WHATSAPP_VERIFY_TOKEN", "unset");
        return defaults;
    }

    private static Map<String, String> readmeRows() throws IOException {
        String readme = Files.readString(Path.of("..", "README.md"));
        Map<String, String> rows = new TreeMap<>();
        Matcher row = README_ROW.matcher(readme);
        while (row.find()) {
            String value = row.group(2).trim();
            rows.put(row.group(1), value.equals("unset") ? "`unset`" : value);
        }
        return rows;
    }

    private static String environmentName(String property) {
        return property.toUpperCase(Locale.ROOT).replaceAll("[^A-Z0-9]", "_");
    }
}
