import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedFrame;
import jdk.jfr.consumer.RecordedStackTrace;
import jdk.jfr.consumer.RecordingFile;

/**
 * What a flight recording of the service under load (bench/profile.sh) says, in text: the methods
 * the CPU samples were in (self), the project's methods and the libraries' entry points they were
 * under (inclusive, each counted once per sample), and where memory was allocated, each as a share of
 * the samples. The recording's threads are the service's, so the load generator never shows.
 */
final class ProfileSummary {

    private ProfileSummary() {
    }

    static void print(Path recording, int top) throws IOException {
        if (recording.toString().endsWith(".collapsed")) {
            printCollapsed(recording, top);
            return;
        }
        Map<String, Long> self = new HashMap<>();
        Map<String, Long> inclusive = new HashMap<>();
        Map<String, Long> libraries = new HashMap<>();
        Map<String, Long> allocations = new HashMap<>();
        long samples = 0;
        long allocated = 0;
        for (RecordedEvent event : RecordingFile.readAllEvents(recording)) {
            RecordedStackTrace stack = event.getStackTrace();
            if (stack == null || stack.getFrames().isEmpty()) {
                continue;
            }
            List<RecordedFrame> frames = stack.getFrames();
            switch (event.getEventType().getName()) {
                case "jdk.ExecutionSample" -> {
                    samples++;
                    self.merge(name(frames.get(0)), 1L, Long::sum);
                    libraries.merge(library(frames), 1L, Long::sum);
                    frames.stream().map(ProfileSummary::name).distinct().forEach(n -> inclusive.merge(n, 1L, Long::sum));
                }
                case "jdk.ObjectAllocationSample" -> {
                    long weight = event.getLong("weight");
                    allocated += weight;
                    String site = frames.stream().map(ProfileSummary::name).filter(n -> n.startsWith("dev.recaudo."))
                            .findFirst().orElse(name(frames.get(0)));
                    allocations.merge(site, weight, Long::sum);
                }
                default -> {
                }
            }
        }
        System.out.printf("%d CPU samples, %.1f MB allocation sampled%n", samples, allocated / 1e6);
        table("self", self, samples, top, n -> true);
        table("self, by the library of the first frame outside the JDK", libraries, samples, top, n -> true);
        table("inclusive, the project's methods", inclusive, samples, top, n -> n.startsWith("dev.recaudo."));
        table("inclusive, everything", inclusive, samples, top, n -> true);
        table("allocation, first project frame", allocations, allocated, top, n -> true);
    }

    /**
     * async-profiler's collapsed stacks: one line per distinct stack, outermost frame first, frames
     * separated by semicolons, then the number of samples.
     */
    private static void printCollapsed(Path collapsed, int top) throws IOException {
        Map<String, Long> self = new HashMap<>();
        Map<String, Long> inclusive = new HashMap<>();
        Map<String, Long> libraries = new HashMap<>();
        long samples = 0;
        for (String line : Files.readAllLines(collapsed)) {
            int space = line.lastIndexOf(' ');
            if (space < 0) {
                continue;
            }
            long count = Long.parseLong(line.substring(space + 1));
            List<String> frames = new ArrayList<>(Arrays.stream(line.substring(0, space).split(";"))
                    .map(f -> f.replace('/', '.').replaceFirst("_\\[[a-z0-9]\\]$", "")).toList());
            Collections.reverse(frames);
            samples += count;
            self.merge(frames.get(0), count, Long::sum);
            libraries.merge(libraryOf(frames), count, Long::sum);
            frames.stream().distinct().forEach(n -> inclusive.merge(n, count, Long::sum));
        }
        System.out.printf("%d CPU samples%n", samples);
        table("self", self, samples, top, n -> true);
        table("self, by the library of the first frame outside the JDK", libraries, samples, top, n -> true);
        table("inclusive, the project's methods", inclusive, samples, top, n -> n.startsWith("dev.recaudo."));
        table("inclusive, everything", inclusive, samples, top, n -> true);
    }

    private static String name(RecordedFrame frame) {
        return frame.getMethod().getType().getName() + "." + frame.getMethod().getName();
    }

    /** The package (three names deep) of the innermost frame that is not the JDK's own. */
    private static String library(List<RecordedFrame> frames) {
        return libraryOf(frames.stream().map(ProfileSummary::name).toList());
    }

    private static String libraryOf(List<String> frames) {
        for (String frame : frames) {
            String type = frame.contains(".") ? frame.substring(0, frame.lastIndexOf('.')) : frame;
            if (frame.contains(".") && !type.startsWith("java.") && !type.startsWith("jdk.") && !type.startsWith("sun.")) {
                String[] names = type.split("\\.");
                return String.join(".", Arrays.copyOf(names, Math.min(3, names.length - 1)));
            }
        }
        return "(the JDK, the JVM or the kernel only)";
    }

    private static void table(String title, Map<String, Long> counts, long total, int top, Predicate<String> keep) {
        System.out.printf("%n## %s%n", title);
        counts.entrySet().stream().filter(e -> keep.test(e.getKey()))
                .sorted(Map.Entry.<String, Long>comparingByValue().reversed()).limit(top)
                .forEach(e -> System.out.printf("%5.1f%%  %s%n", 100.0 * e.getValue() / Math.max(1, total), e.getKey()));
    }
}
