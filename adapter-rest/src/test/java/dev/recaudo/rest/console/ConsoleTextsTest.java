package dev.recaudo.rest.console;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** Every word the console's templates and code ask for is in both languages, and no language has a word the other lacks. */
class ConsoleTextsTest {

    private static final Pattern IN_TEMPLATE = Pattern.compile("\\{texts\\.(\\w+)");
    private static final Pattern IN_CODE = Pattern.compile("word\\(\"(\\w+)\"\\)");

    @Test
    void bothLanguagesHaveTheSameWords() {
        assertThat(ConsoleTexts.ENGLISH.words().keySet()).isEqualTo(ConsoleTexts.SPANISH.words().keySet());
        assertThat(ConsoleTexts.SPANISH.lang()).isEqualTo("es-419");
        assertThat(ConsoleTexts.ENGLISH.lang()).isEqualTo("en");
        assertThat(ConsoleTexts.SPANISH.words().values()).noneMatch(String::isBlank);
        assertThat(ConsoleTexts.ENGLISH.words().values()).noneMatch(String::isBlank);
    }

    @Test
    void everyWordAskedForExists() throws IOException {
        Set<String> asked = new TreeSet<>();
        asked.addAll(found(Path.of("src/main/resources/templates"), "console-", IN_TEMPLATE));
        asked.addAll(found(Path.of("src/main/java/dev/recaudo/rest/console"), "", IN_CODE));
        assertThat(asked).hasSizeGreaterThan(50);
        assertThat(ConsoleTexts.SPANISH.words().keySet()).containsAll(asked);
    }

    @Test
    void spanishUnlessEnglishIsPreferred() {
        assertThat(ConsoleTexts.forAcceptLanguage(null)).isSameAs(ConsoleTexts.SPANISH);
        assertThat(ConsoleTexts.forAcceptLanguage("en-US,en;q=0.9")).isSameAs(ConsoleTexts.ENGLISH);
        assertThat(ConsoleTexts.forAcceptLanguage("es-CO,en;q=0.5")).isSameAs(ConsoleTexts.SPANISH);
    }

    private static Set<String> found(Path folder, String prefix, Pattern pattern) throws IOException {
        Set<String> keys = new TreeSet<>();
        try (Stream<Path> files = Files.list(folder)) {
            for (Path file : files.filter(f -> f.getFileName().toString().startsWith(prefix)).toList()) {
                Matcher matcher = pattern.matcher(Files.readString(file));
                while (matcher.find()) {
                    keys.add(matcher.group(1));
                }
            }
        }
        return keys;
    }
}
