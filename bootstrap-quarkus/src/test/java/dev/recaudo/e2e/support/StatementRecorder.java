package dev.recaudo.e2e.support;

import dev.recaudo.persistence.common.StatementObserver;
import dev.recaudo.rest.common.RequestIds;
import io.quarkus.arc.Unremovable;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.function.Supplier;
import org.jboss.logging.MDC;

/**
 * The test-only observer of {@code NativeSql}: while a test records, it keeps every statement the
 * service runs with its parameters and the id of the request it served (from the logging context),
 * so a test can pick the statements of one request.
 */
@ApplicationScoped
@Unremovable
public class StatementRecorder implements StatementObserver {

    public record Statement(String requestId, String sql, List<Object> parameters) {}

    private final List<Statement> recorded = Collections.synchronizedList(new ArrayList<>());
    private volatile boolean recording;

    @Override
    public void executing(String sql, Object[] parameters) {
        if (recording) {
            Object requestId = MDC.get(RequestIds.MDC_KEY);
            recorded.add(new Statement(requestId == null ? null : requestId.toString(), sql,
                    Collections.unmodifiableList(Arrays.asList(parameters.clone()))));
        }
    }

    /** Records while {@code request} runs; answers the statements served under the request id it returns. */
    public List<Statement> record(Supplier<String> request) {
        recorded.clear();
        recording = true;
        String requestId;
        try {
            requestId = request.get();
        } finally {
            recording = false;
        }
        synchronized (recorded) {
            return recorded.stream().filter(statement -> requestId.equals(statement.requestId())).toList();
        }
    }
}
