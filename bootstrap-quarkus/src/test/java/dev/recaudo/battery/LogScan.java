package dev.recaudo.battery;

import static org.assertj.core.api.Assertions.assertThat;

import dev.recaudo.battery.SensitiveValues.Form;
import dev.recaudo.bootstrap.DemoSeed;
import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Looks for every form of every {@link SensitiveValues} value in service logs, line by line, and
 * names what it finds by kind, file and line, never by the value. The demo seed's printout
 * ({@link DemoSeed#PRINTOUT_START} to {@link DemoSeed#PRINTOUT_END}) is left out: it shows its
 * keys and password on purpose, once. Forms are indexed by their first {@link SensitiveValues#SHORTEST}
 * characters: a rolling hash of the last that many characters of a line is tested against a bit set
 * of the forms' starts, and only a hit looks further, so a line costs a few operations per character
 * however many values are registered (a shared battery's logs hold tens of thousands of lines).
 */
public final class LogScan {

    private static final int FINDINGS_SHOWN = 20;
    private static final int GRAM = SensitiveValues.SHORTEST;
    private static final int FILTER_BITS = 1 << 20;
    private static final long BASE = 31;
    /** {@code BASE} to the power {@code GRAM}: what the character leaving the window weighs in the hash. */
    private static final long LEAVING = power(BASE, GRAM);

    private final Map<String, List<Form>> byStart = new HashMap<>();
    private final BitSet starts = new BitSet(FILTER_BITS);

    private LogScan(Collection<Form> forms) {
        for (Form form : forms) {
            String start = form.text().substring(0, GRAM);
            byStart.computeIfAbsent(start, text -> new ArrayList<>()).add(form);
            long hash = 0;
            for (int i = 0; i < GRAM; i++) {
                hash = hash * BASE + start.charAt(i);
            }
            starts.set(bit(hash));
        }
    }

    /** Fails naming each registered value found in {@code logs} (kind, encoding, file and line). */
    public static void assertClean(List<Path> logs) throws IOException {
        List<String> findings = findings(logs, SensitiveValues.forms());
        assertThat(findings.subList(0, Math.min(findings.size(), FINDINGS_SHOWN)))
                .as("secrets or personal data in the service logs (%d found, at most %d shown)", findings.size(), FINDINGS_SHOWN)
                .isEmpty();
    }

    /** Where the forms occur in the logs: {@code "<kind> (<encoding>) at <file>:<line>"}. */
    public static List<String> findings(List<Path> logs, Collection<Form> forms) throws IOException {
        LogScan scan = new LogScan(forms);
        List<String> findings = new ArrayList<>();
        for (Path log : logs) {
            scan.scan(log, findings);
        }
        return findings;
    }

    private void scan(Path log, List<String> findings) throws IOException {
        if (!Files.exists(log)) {
            return;
        }
        try (BufferedReader lines = Files.newBufferedReader(log, StandardCharsets.UTF_8)) {
            boolean inSeedPrintout = false;
            int number = 0;
            for (String line = lines.readLine(); line != null; line = lines.readLine()) {
                number++;
                if (line.equals(DemoSeed.PRINTOUT_START)) {
                    inSeedPrintout = true;
                } else if (inSeedPrintout) {
                    inSeedPrintout = !line.equals(DemoSeed.PRINTOUT_END);
                } else {
                    for (Form form : formsIn(line)) {
                        findings.add(form.describe() + " at " + log + ":" + number);
                    }
                }
            }
        }
    }

    private List<Form> formsIn(String line) {
        List<Form> found = new ArrayList<>();
        long hash = 0;
        for (int end = 0; end < line.length(); end++) {
            hash = hash * BASE + line.charAt(end);
            if (end >= GRAM) {
                hash -= line.charAt(end - GRAM) * LEAVING;
            }
            int start = end - GRAM + 1;
            if (start >= 0 && starts.get(bit(hash))) {
                for (Form form : byStart.getOrDefault(line.substring(start, end + 1), List.of())) {
                    if (line.startsWith(form.text(), start) && !found.contains(form)) {
                        found.add(form);
                    }
                }
            }
        }
        return found;
    }

    private static int bit(long hash) {
        return (int) ((hash ^ (hash >>> 31)) & (FILTER_BITS - 1));
    }

    private static long power(long base, int exponent) {
        long result = 1;
        for (int i = 0; i < exponent; i++) {
            result *= base;
        }
        return result;
    }
}
