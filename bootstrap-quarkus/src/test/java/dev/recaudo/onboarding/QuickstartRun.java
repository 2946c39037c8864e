package dev.recaudo.onboarding;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import dev.recaudo.battery.LogScan;
import dev.recaudo.battery.SensitiveFields;
import dev.recaudo.battery.ServiceInstance;
import dev.recaudo.battery.SensitiveValues;
import dev.recaudo.battery.SensitiveValues.Kind;
import dev.recaudo.onboarding.QuickstartPage.Step;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Runs {@code docs/quickstart.md} against a packaged service (the jar or its container image), so
 * the page cannot drift from the service: the {@code sh} blocks run in order in one bash, after the
 * {@code export} lines the demo seed printed, and each must print what the page shows. The service's
 * log, the seed's printout left out, must then hold none of the seed's secrets nor any secret or
 * personal datum the page's calls sent or got back (the battery's log scan).
 */
final class QuickstartRun {

    private static final Path PAGE = Path.of("..", "docs", "quickstart.md");
    private static final String PAGE_NAME = "docs/quickstart.md";
    private static final String STEP_MARKER = "@@quickstart-step ";
    private static final Pattern STEP_START = Pattern.compile("(?m)^" + STEP_MARKER + "(\\d+)$");
    private static final long SCRIPT_TIMEOUT_SECONDS = 120;
    /**
     * Wraps curl so that an error answer, which the page's {@code jq} filters would reduce to
     * nulls, is also printed whole on standard error; what curl prints and returns is unchanged.
     */
    private static final String LOUD_CURL = """
            curl() {
              local answer status=0
              answer=$(command curl "$@") || status=$?
              printf '%s' "$answer"
              if [ "$status" -ne 0 ]; then
                printf '\ncurl exit status %d; the answer was:\n%s\n' "$status" "$answer" >&2
              fi
              return "$status"
            }
            """;
    private static final String UUID_TEXT = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}";

    private QuickstartRun() {
    }

    /**
     * Runs every block of the page in {@code workingDirectory} against {@code service}, started with
     * the demo seed, checks what each printed and the service's log, and answers the values the page's
     * shown outputs named (e.g. "invoice id").
     */
    static Map<String, String> check(PackagedService service, Path workingDirectory) throws Exception {
        return check(service.seedExports(), service.instance(), workingDirectory);
    }

    /**
     * As {@link #check(PackagedService, Path)}, against {@code target} with the {@code exports} a demo
     * seed printed (on another instance of the same database, an upgrade's next release say): the
     * page's {@code BASE} is the target's address.
     */
    static Map<String, String> check(List<String> seedExports, ServiceInstance target, Path workingDirectory) throws Exception {
        QuickstartPage page = QuickstartPage.read(PAGE);
        assertThat(page.steps()).as("sh blocks of %s", PAGE_NAME).isNotEmpty();
        List<String> exports = seedExports.stream()
                .map(line -> line.startsWith("export BASE=") ? "export BASE=" + target.baseUri() : line).toList();
        assertThat(exports.stream().map(line -> line.substring("export ".length(), line.indexOf('='))).toList())
                .as("variables the seed prints, against those the page shows; service output:%n%s", target.output())
                .isEqualTo(page.exportedNames());

        List<String> printed = run(page, exports, target, workingDirectory);

        Map<String, String> values = new HashMap<>();
        for (int i = 0; i < page.steps().size(); i++) {
            Step step = page.steps().get(i);
            if (step.shown().isPresent()) {
                String output = printed.get(i);
                values.putAll(step.shown().get().match(output, values).orElseThrow(() -> new AssertionError(
                        "the sh block at " + PAGE_NAME + ":" + step.line() + " printed\n" + output
                                + "\nwhere the page shows\n" + step.shown().get().text())));
            }
        }
        assertThat(values.get("invoice id")).as("the invoice created by the public API").matches(UUID_TEXT);
        assertThat(printed).as("the verified payment applies").anyMatch(output -> output.contains("\"status\":\"applied\""));
        assertThat(printed.get(printed.size() - 1)).as("the invoice after the sandbox completion")
                .contains("\"id\":\"" + values.get("invoice id") + "\"")
                .contains("\"status\":\"PAID\"");

        exports.forEach(QuickstartRun::registerSeedSecret);
        page.steps().forEach(step -> SensitiveFields.registerBody(step.commands()));
        printed.forEach(SensitiveFields::registerBody);
        LogScan.assertClean(List.of(target.log()));
        return values;
    }

    /** The seed's password, administrator e-mail and keys, which only its printout may show. */
    private static void registerSeedSecret(String export) {
        String name = export.substring("export ".length(), export.indexOf('='));
        String value = export.substring(export.indexOf('=') + 1);
        if (name.endsWith("_KEY")) {
            SensitiveValues.register(Kind.API_KEY, value);
        } else if (name.endsWith("_PASSWORD")) {
            SensitiveValues.register(Kind.PASSWORD, value);
        } else if (name.endsWith("_EMAIL")) {
            SensitiveValues.register(Kind.EMAIL, value);
        }
    }

    /**
     * Runs every step in one bash with {@code set -euo pipefail}, each announced by a marker line,
     * and answers what each printed (standard output and error together).
     */
    private static List<String> run(QuickstartPage page, List<String> exports, ServiceInstance target, Path workingDirectory)
            throws Exception {
        StringBuilder script = new StringBuilder("set -euo pipefail\n").append(LOUD_CURL);
        exports.forEach(line -> script.append(line).append('\n'));
        for (int i = 0; i < page.steps().size(); i++) {
            script.append("printf '\\n%s\\n' '").append(STEP_MARKER).append(i).append("'\n")
                    .append(page.steps().get(i).commands()).append('\n');
        }
        Path scriptFile = Files.writeString(workingDirectory.resolve("quickstart.sh"), script);
        Process bash = new ProcessBuilder("bash", scriptFile.toString()).directory(workingDirectory.toFile())
                .redirectErrorStream(true).start();
        bash.getOutputStream().close();
        String output = new String(bash.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!bash.waitFor(SCRIPT_TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
            bash.destroyForcibly();
            fail("the quickstart did not finish in %d s; it printed:%n%s", SCRIPT_TIMEOUT_SECONDS, output);
        }
        List<String> printed = split(output);
        if (bash.exitValue() != 0) {
            Step failed = page.steps().get(Math.max(printed.size() - 1, 0));
            fail("the sh block at %s:%d failed (bash exit status %d):%n%s%n--- it printed ---%n%s%n"
                    + "--- the service printed ---%n%s", PAGE_NAME, failed.line(), bash.exitValue(), failed.commands(),
                    printed.isEmpty() ? output : printed.get(printed.size() - 1), target.output());
        }
        assertThat(printed).as("output of every step:%n%s", output).hasSize(page.steps().size());
        return printed;
    }

    /** The output after each step marker, up to the next one. */
    private static List<String> split(String output) {
        List<String> printed = new ArrayList<>();
        Matcher marker = STEP_START.matcher(output);
        int previousEnd = -1;
        while (marker.find()) {
            if (previousEnd >= 0) {
                printed.add(output.substring(previousEnd, marker.start()).strip());
            }
            previousEnd = marker.end();
        }
        if (previousEnd >= 0) {
            printed.add(output.substring(previousEnd).strip());
        }
        return printed;
    }
}
