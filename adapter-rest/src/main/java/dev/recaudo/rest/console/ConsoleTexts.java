package dev.recaudo.rest.console;

import dev.recaudo.domain.admin.UserRole;
import dev.recaudo.domain.apikey.KeyEnvironment;
import dev.recaudo.domain.money.Money;
import dev.recaudo.rest.common.LocalizedFormats;
import dev.recaudo.rest.page.PageTexts;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;

/**
 * The console's words in the reader's language: Latin American Spanish ({@code es-419}) by default,
 * English when {@code Accept-Language} prefers it, chosen as the hosted page chooses. The words are
 * in {@code console-texts/<lang>.properties} (UTF-8), one key per word, the same keys in each
 * language; a template reads them as {@code {texts.key}} from {@link #words()}.
 */
public final class ConsoleTexts {

    static final ConsoleTexts SPANISH = load("es-419", Locale.forLanguageTag("es-419"));
    static final ConsoleTexts ENGLISH = load("en", Locale.ENGLISH);

    private final Map<String, String> words;
    private final Locale locale;

    private ConsoleTexts(Map<String, String> words, Locale locale) {
        this.words = Map.copyOf(words);
        this.locale = locale;
    }

    static ConsoleTexts forAcceptLanguage(String header) {
        return PageTexts.forAcceptLanguage(header).lang().equals(ENGLISH.lang()) ? ENGLISH : SPANISH;
    }

    /** Every word by its key, for the templates. */
    public Map<String, String> words() {
        return words;
    }

    /** The word of {@code key}; a key missing from the bundle is a defect, found by ConsoleTextsTest. */
    public String word(String key) {
        String word = words.get(key);
        if (word == null) {
            throw new IllegalArgumentException("no console text " + key);
        }
        return word;
    }

    public String lang() {
        return words.get("lang");
    }

    /** The locale numbers and dates are written in. */
    public Locale locale() {
        return locale;
    }

    public String amount(Money money) {
        return LocalizedFormats.amountWithSign(money, locale);
    }

    public String date(LocalDate date) {
        return LocalizedFormats.date(date, locale);
    }

    public String environmentName(KeyEnvironment environment) {
        return word(environment == KeyEnvironment.LIVE ? "live" : "test");
    }

    public String roleName(UserRole role) {
        return word(switch (role) {
            case VIEWER -> "viewer";
            case CLERK -> "clerk";
            case ADMIN -> "administrator";
        });
    }

    private static ConsoleTexts load(String lang, Locale locale) {
        String resource = "console-texts/" + lang + ".properties";
        try (InputStream in = ConsoleTexts.class.getClassLoader().getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException("missing " + resource);
            }
            Properties properties = new Properties();
            properties.load(new InputStreamReader(in, StandardCharsets.UTF_8));
            Map<String, String> words = new TreeMap<>();
            properties.stringPropertyNames().forEach(key -> words.put(key, properties.getProperty(key)));
            return new ConsoleTexts(words, locale);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
