package dev.recaudo.e2e.support;

import static org.assertj.core.api.Assertions.assertThat;

import dev.recaudo.rest.common.RequestIds;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Predicate;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.jboss.logmanager.ExtLogRecord;

/**
 * Collects what the running service logs under one category (the empty name is every category)
 * while a test holds it open. The service and the tests share the JVM's log manager, so a handler
 * added here sees the service's records as they are written.
 */
public final class LogCapture extends Handler implements AutoCloseable {

    /** One record as written: its level, formatted message, whether it carried a throwable, and its request id. */
    public record Line(Level level, String message, boolean hasThrowable, String requestId) {

        public boolean isError() {
            return level.intValue() >= Level.SEVERE.intValue();
        }
    }

    private static final long SETTLE_MILLIS = 300;

    private final Logger logger;
    private final List<Line> lines = new CopyOnWriteArrayList<>();

    private LogCapture(Logger logger) {
        this.logger = logger;
        setLevel(Level.ALL);
    }

    public static LogCapture of(String category) {
        LogCapture capture = new LogCapture(Logger.getLogger(category));
        capture.logger.addHandler(capture);
        return capture;
    }

    @Override
    public void publish(LogRecord record) {
        String message = record instanceof ExtLogRecord ext ? ext.getFormattedMessage() : record.getMessage();
        String requestId = record instanceof ExtLogRecord ext ? ext.getMdc(RequestIds.MDC_KEY) : null;
        lines.add(new Line(record.getLevel(), message, record.getThrown() != null, requestId));
    }

    public List<Line> lines() {
        return List.copyOf(lines);
    }

    /** The lines written for one request: those logged while it was current, or naming it. */
    public List<Line> linesOf(String requestId) {
        return lines.stream()
                .filter(line -> requestId.equals(line.requestId()) || (line.message() != null && line.message().contains(requestId)))
                .toList();
    }

    /** Waits for a line to appear (the access log is written as the response finishes, not before). */
    public Optional<Line> await(Predicate<Line> wanted, Duration timeout) throws InterruptedException {
        Instant deadline = Instant.now().plus(timeout);
        while (Instant.now().isBefore(deadline)) {
            Optional<Line> found = lines.stream().filter(wanted).findFirst();
            if (found.isPresent()) {
                return found;
            }
            Thread.sleep(20);
        }
        return lines.stream().filter(wanted).findFirst();
    }

    /**
     * Fails when anything was logged at ERROR level, or with a stack trace, since the capture opened,
     * by any request or category. Errors may be logged just after an answer went out, so the capture
     * is given a moment first.
     */
    public void assertNoErrorLogged() throws InterruptedException {
        Thread.sleep(SETTLE_MILLIS);
        assertThat(lines()).noneMatch(Line::isError).noneMatch(Line::hasThrowable);
    }

    @Override
    public void flush() {}

    @Override
    public void close() {
        logger.removeHandler(this);
    }
}
