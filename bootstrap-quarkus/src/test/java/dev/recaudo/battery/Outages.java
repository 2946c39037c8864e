package dev.recaudo.battery;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * The outage windows a crash test opens (from the fault until the recovery plus a grace for the
 * pool to revalidate its connections) and every server error its clients got, so that each error
 * is classified as inside a window or outside all of them. Thread-safe.
 */
public final class Outages {

    /** A window: {@code name} for the report, from {@code start} until {@code end} (after the grace). */
    public record Window(String name, Instant start, Instant end) {

        boolean overlaps(Instant sent, Instant answered) {
            return !answered.isBefore(start) && !sent.isAfter(end);
        }
    }

    /** A server error a client got: when the request left, when the answer came, and the answer. */
    public record ServerError(Instant sent, Instant answered, BatteryClient.Answer answer) {}

    private static final Pattern ERROR_CODE = Pattern.compile("\"code\"\\s*:\\s*\"?([^\",}]*)");

    private final Duration grace;
    private final List<Window> windows = new CopyOnWriteArrayList<>();
    private final List<ServerError> errors = new CopyOnWriteArrayList<>();
    private volatile Instant open;

    /** {@code grace}: how long after a recovery errors still count as the outage's. */
    public Outages(Duration grace) {
        this.grace = grace;
    }

    /** A fault begins now; until {@link #recovered} every moment is inside the outage. */
    public Instant begin() {
        Instant start = Instant.now();
        open = start;
        return start;
    }

    /** The fault begun at {@code start} is over: records its window, until {@code recovered} plus the grace. */
    public void recovered(String name, Instant start, Instant recovered) {
        windows.add(new Window(name, start, recovered.plus(grace)));
        open = null;
    }

    /** Whether {@code at} falls in an outage: one still open, or a recorded window. */
    public boolean inOutage(Instant at) {
        return open != null || windows.stream().anyMatch(w -> w.overlaps(at, at));
    }

    public void serverError(Instant sent, Instant answered, BatteryClient.Answer answer) {
        errors.add(new ServerError(sent, answered, answer));
    }

    public List<Window> windows() {
        return List.copyOf(windows);
    }

    public List<ServerError> errors() {
        return List.copyOf(errors);
    }

    /** The server errors that overlap no window. */
    public List<ServerError> outsideWindows() {
        return errors.stream().filter(error -> windows.stream().noneMatch(w -> w.overlaps(error.sent(), error.answered())))
                .toList();
    }

    /** Every server error counted by window name ("outside" for the rest) and status. */
    public Map<String, Long> classified() {
        return errors.stream().collect(Collectors.groupingBy(error -> windows.stream()
                .filter(w -> w.overlaps(error.sent(), error.answered())).map(Window::name).findFirst().orElse("outside")
                + " " + error.answer().status() + " " + errorCode(error.answer().body()), Collectors.counting()));
    }

    private static String errorCode(String body) {
        Matcher code = ERROR_CODE.matcher(body);
        return code.find() ? code.group(1) : "(no code)";
    }

    /** When the last server error was answered, if there was one. */
    public Optional<Instant> lastAnswered() {
        return errors.stream().map(ServerError::answered).max(Instant::compareTo);
    }

    public int count() {
        return errors.size();
    }
}
