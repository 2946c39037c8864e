package dev.recaudo.e2e.support;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** What the demo seed prints on standard output, and the {@code export NAME=value} lines in it. */
public final class SeedPrintout {

    private static final Pattern EXPORT = Pattern.compile("(?m)^export ([A-Z_]+)=(\\S+)$");

    private SeedPrintout() {}

    /** Everything {@code work} printed on standard output. */
    public static String capture(Runnable work) {
        PrintStream original = System.out;
        ByteArrayOutputStream buffer = new ByteArrayOutputStream();
        System.setOut(new PrintStream(buffer, true, StandardCharsets.UTF_8));
        try {
            work.run();
        } finally {
            System.setOut(original);
        }
        return buffer.toString(StandardCharsets.UTF_8);
    }

    /** The exported variables, by name, in the order printed. */
    public static Map<String, String> exports(String printed) {
        Map<String, String> exports = new LinkedHashMap<>();
        Matcher export = EXPORT.matcher(printed);
        while (export.find()) {
            exports.put(export.group(1), export.group(2));
        }
        return exports;
    }
}
