package dev.recaudo.e2e.support;

import dev.recaudo.persistence.common.StatementObserver;
import dev.recaudo.rest.common.RequestIds;
import io.quarkus.arc.Unremovable;
import io.restassured.response.Response;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.function.Predicate;
import java.util.function.Supplier;
import org.hibernate.stat.Statistics;
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

    /** One request's answer and its statements: native ones recorded here, the entities' from Hibernate's statistics. */
    public record Counted(Response response, long nativeStatements, long entityStatements, long entityInserts,
            long entityUpdates) {

        public long total() {
            return nativeStatements + entityStatements;
        }
    }

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

    /**
     * Sends one request and counts what it ran. The statistics count every session's statements, so
     * the entities' figures are the request's only where nothing else runs (no poller).
     */
    public Counted count(Statistics statistics, Supplier<Response> request) {
        return count(statistics, request, statement -> true);
    }

    /**
     * Like {@link #count(Statistics, Supplier)}, without a lease of rate-limit hits: whichever request
     * finds its instance's lease spent fetches the next for the twentieth of the limit after it, so the
     * lease is no request's own work (RoundTripBudgetsTest counts every trip of a request whose lease a
     * warm-up fetched).
     */
    public Counted countWork(Statistics statistics, Supplier<Response> request) {
        return count(statistics, request, statement -> !statement.sql().contains("rate_limit_counters"));
    }

    private Counted count(Statistics statistics, Supplier<Response> request, Predicate<Statement> counted) {
        statistics.clear();
        List<Response> answered = new ArrayList<>();
        List<Statement> natives = record(() -> {
            Response response = request.get();
            answered.add(response);
            return response.header("X-Request-Id");
        });
        return new Counted(answered.get(0), natives.stream().filter(counted).count(), statistics.getPrepareStatementCount(),
                statistics.getEntityInsertCount(), statistics.getEntityUpdateCount());
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
