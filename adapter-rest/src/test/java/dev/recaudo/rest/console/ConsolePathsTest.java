package dev.recaudo.rest.console;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The application's root relative to a console page, so links resolve from any depth and under a proxy's prefix. */
class ConsolePathsTest {

    @Test
    void givenPagesAtEachDepth_whenTheRootIsAsked_thenOneStepUpPerFolderBelowIt() {
        assertThat(ConsolePaths.root("/console", 0)).isEmpty();
        assertThat(ConsolePaths.root("/console/sign-in", 0)).isEqualTo("../");
        assertThat(ConsolePaths.root("/console/people/0b7c3f3e-9a34-4f3c-a1e5-6d1b8f1f2a77/role", 0)).isEqualTo("../../../");
    }

    @Test
    void givenATrailingSlashOrAnEscapedSlash_whenTheRootIsAsked_thenFoldersAreCountedAsTheBrowserCountsThem() {
        assertThat(ConsolePaths.root("/console/people/", 0)).as("the browser is in /console/people/").isEqualTo("../../");
        assertThat(ConsolePaths.root("/console/a/b", 1)).as("/console/a%2Fb: an escaped slash is no folder").isEqualTo("../");
    }
}
