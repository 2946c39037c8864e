package dev.recaudo.onboarding;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code docs/quickstart.md} as its test reads it: the {@code sh} blocks are the steps, run in
 * order; a {@code text} block right after one (one blank line between) is what the step
 * prints; {@code console} blocks are not run, but the {@code export} lines they show name the
 * variables the demo seed prints.
 */
record QuickstartPage(Path file, List<Step> steps, List<String> exportedNames) {

    private static final Pattern FENCE = Pattern.compile("^```(\\w*)$");
    private static final Pattern EXPORT = Pattern.compile("(?m)^export ([A-Z_]+)=");

    /** One {@code sh} block, starting at {@code line} (1-based), and the output the page shows for it. */
    record Step(int line, String commands, Optional<ShownOutput> shown) {}

    private record Block(String kind, int firstLine, int lastLine, String text) {}

    static QuickstartPage read(Path file) throws IOException {
        List<Block> blocks = blocks(Files.readAllLines(file));
        List<Step> steps = new ArrayList<>();
        List<String> exportedNames = new ArrayList<>();
        for (int i = 0; i < blocks.size(); i++) {
            Block block = blocks.get(i);
            if (block.kind().equals("sh")) {
                Optional<ShownOutput> shown = Optional.empty();
                if (i + 1 < blocks.size() && blocks.get(i + 1).kind().equals("text")
                        && blocks.get(i + 1).firstLine() == block.lastLine() + 2) {
                    shown = Optional.of(new ShownOutput(blocks.get(i + 1).text()));
                }
                steps.add(new Step(block.firstLine(), block.text(), shown));
            } else if (block.kind().equals("console")) {
                Matcher export = EXPORT.matcher(block.text());
                while (export.find()) {
                    exportedNames.add(export.group(1));
                }
            }
        }
        return new QuickstartPage(file, steps, exportedNames);
    }

    /** Fenced blocks; {@code firstLine} is the opening fence's line, {@code lastLine} the closing one's. */
    private static List<Block> blocks(List<String> lines) {
        List<Block> blocks = new ArrayList<>();
        for (int start = 0; start < lines.size(); start++) {
            Matcher fence = FENCE.matcher(lines.get(start));
            if (!fence.matches()) {
                continue;
            }
            int end = start + 1;
            while (end < lines.size() && !lines.get(end).equals("```")) {
                end++;
            }
            if (end == lines.size()) {
                throw new IllegalStateException("the block opened at line " + (start + 1) + " is never closed");
            }
            blocks.add(new Block(fence.group(1), start + 1, end + 1, String.join("\n", lines.subList(start + 1, end))));
            start = end;
        }
        return blocks;
    }

    /**
     * A {@code text} block: literal text in which {@code <name>} stands for any value, the same
     * value wherever the name appears (in this block or a later one).
     */
    record ShownOutput(String text) {

        private static final Pattern PLACEHOLDER = Pattern.compile("<([^<>\\n]+)>");

        /**
         * Matches the whole {@code printed} text (outer blank space aside), with the values already
         * {@code known}; answers the values of the names seen here first, or empty when it does not match.
         */
        Optional<Map<String, String>> match(String printed, Map<String, String> known) {
            StringBuilder regex = new StringBuilder();
            List<String> newNames = new ArrayList<>();
            String shown = text.strip();
            Matcher placeholder = PLACEHOLDER.matcher(shown);
            int literalStart = 0;
            while (placeholder.find()) {
                regex.append(Pattern.quote(shown.substring(literalStart, placeholder.start())));
                String name = placeholder.group(1);
                if (known.containsKey(name)) {
                    regex.append(Pattern.quote(known.get(name)));
                } else if (newNames.contains(name)) {
                    regex.append("\\k<v").append(newNames.indexOf(name)).append('>');
                } else {
                    regex.append("(?<v").append(newNames.size()).append(">[^\\n]+?)");
                    newNames.add(name);
                }
                literalStart = placeholder.end();
            }
            regex.append(Pattern.quote(shown.substring(literalStart)));
            Matcher matcher = Pattern.compile(regex.toString()).matcher(printed.strip());
            if (!matcher.matches()) {
                return Optional.empty();
            }
            Map<String, String> values = new LinkedHashMap<>();
            for (int i = 0; i < newNames.size(); i++) {
                values.put(newNames.get(i), matcher.group("v" + i));
            }
            return Optional.of(values);
        }
    }
}
