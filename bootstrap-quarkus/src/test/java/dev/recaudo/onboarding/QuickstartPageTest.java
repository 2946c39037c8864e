package dev.recaudo.onboarding;

import static org.assertj.core.api.Assertions.assertThat;

import dev.recaudo.onboarding.QuickstartPage.ShownOutput;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** How {@link QuickstartIT} reads the page, so that a drifting page cannot pass by a reading mistake. */
class QuickstartPageTest {

    @TempDir
    Path directory;

    @Test
    void givenAPage_whenRead_thenShBlocksAreStepsWithTheTextBlockRightAfterAndConsoleExportsAreNamed() throws Exception {
        Path file = Files.writeString(directory.resolve("page.md"), """
                # Title

                ```console
                $ ./run.sh
                export BASE=http://localhost:8080
                export PUBLIC_KEY=rk_test_x
                ```

                ```sh
                echo one
                ```

                ```text
                one
                ```

                ```sh
                echo two
                ```

                Prose between: the next block is not this step's output.

                ```text
                two
                ```
                """);

        QuickstartPage page = QuickstartPage.read(file);

        assertThat(page.exportedNames()).containsExactly("BASE", "PUBLIC_KEY");
        assertThat(page.steps()).hasSize(2);
        assertThat(page.steps().get(0).line()).isEqualTo(9);
        assertThat(page.steps().get(0).commands()).isEqualTo("echo one");
        assertThat(page.steps().get(0).shown()).contains(new ShownOutput("one"));
        assertThat(page.steps().get(1).shown()).isEmpty();
    }

    @Test
    void givenPlaceholders_whenMatched_thenANameKeepsItsValueWithinAndAcrossBlocks() {
        ShownOutput created = new ShownOutput("{\"id\":\"<invoice id>\",\"status\":\"CREATED\"}\n");
        ShownOutput paid = new ShownOutput("{\"id\":\"<invoice id>\",\"also\":\"<invoice id>\",\"at\":\"<time>\"}");

        Map<String, String> values = created.match("  {\"id\":\"a-1\",\"status\":\"CREATED\"}\n", Map.of()).orElseThrow();

        assertThat(values).containsExactly(Map.entry("invoice id", "a-1"));
        assertThat(paid.match("{\"id\":\"a-1\",\"also\":\"a-1\",\"at\":\"noon\"}", values))
                .contains(Map.of("time", "noon"));
        assertThat(paid.match("{\"id\":\"b-2\",\"also\":\"b-2\",\"at\":\"noon\"}", values)).isEmpty();
        assertThat(paid.match("{\"id\":\"a-1\",\"also\":\"a-2\",\"at\":\"noon\"}", Map.of())).isEmpty();
    }

    @Test
    void givenLiteralText_whenTheOutputDiffers_thenNoMatch() {
        ShownOutput shown = new ShownOutput("{\"status\":\"applied\"} (1+1)");

        assertThat(shown.match("{\"status\":\"applied\"} (1+1)", Map.of())).contains(Map.of());
        assertThat(shown.match("{\"status\":\"credited\"} (1+1)", Map.of())).isEmpty();
        assertThat(shown.match("{\"status\":\"applied\"} (1+1)\nmore", Map.of())).isEmpty();
    }
}
