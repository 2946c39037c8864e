package dev.recaudo.rest.common;

import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.Set;

/**
 * A request's failure as the log may show it: the same class names, stack frames, causes and
 * suppressed failures, with every message through {@link ClientText#forLog}. A message may quote what
 * the client sent (a parser quoting a path segment that carries a key), so a stack trace is as much
 * client text in the log as the path of its error line is.
 */
public final class LoggedFailure extends RuntimeException {

    private static final long serialVersionUID = 1L;

    /** The class of the failure this stands for, which its line in a stack trace names. */
    private final String failureClass;

    private LoggedFailure(String failureClass, String maskedMessage, LoggedFailure cause) {
        super(maskedMessage, cause);
        this.failureClass = failureClass;
    }

    /** The failure with every message, its causes' and suppressed ones' included, masked and escaped. */
    public static LoggedFailure of(Throwable failure) {
        return copy(failure, Collections.newSetFromMap(new IdentityHashMap<>()));
    }

    private static LoggedFailure copy(Throwable failure, Set<Throwable> copied) {
        copied.add(failure);
        Throwable cause = failure.getCause();
        String message = failure.getMessage();
        LoggedFailure logged = new LoggedFailure(failure.getClass().getName(),
                message == null ? null : ClientText.forLog(message),
                cause == null || copied.contains(cause) ? null : copy(cause, copied));
        logged.setStackTrace(failure.getStackTrace());
        for (Throwable suppressed : failure.getSuppressed()) {
            if (!copied.contains(suppressed)) {
                logged.addSuppressed(copy(suppressed, copied));
            }
        }
        return logged;
    }

    /** As {@link Throwable#toString()} writes the failure it stands for: its class and its (masked) message. */
    @Override
    public String toString() {
        String message = getMessage();
        return message == null ? failureClass : failureClass + ": " + message;
    }
}
