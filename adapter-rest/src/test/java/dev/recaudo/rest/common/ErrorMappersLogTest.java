package dev.recaudo.rest.common;

import static org.assertj.core.api.Assertions.assertThat;

import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.lang.reflect.Proxy;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.junit.jupiter.api.Test;

/**
 * Review F16: the stack trace of an unexpected failure is client text in the log too. A message
 * quoting a path segment that carries a key (a parser's, here) is masked as the error line's path is.
 */
class ErrorMappersLogTest {

    private static final String KEY = "rk_live_4fTq9ZyXbQ2LmN8pR3sV6wK1hJ0cD7eA5gU2iO9yT3x";
    private static final String SECRET = "whsec_MfKQ9r8G/KYqIQ9r8GKYq+IQ9r8GKY=";

    @Test
    void givenAFailureWhoseMessagesQuoteCredentials_whenLoggedAsUnexpected_thenTheStackTraceShowsNone() {
        IllegalStateException failure = new IllegalStateException("could not read the invoice " + KEY,
                new NumberFormatException("For input string: \"" + SECRET + "\"\r\nFORGED line"));
        failure.addSuppressed(new IllegalArgumentException("token eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.c2ln"));

        String logged = loggedStackTrace(failure);

        assertThat(logged).contains("java.lang.IllegalStateException: could not read the invoice ***",
                "Caused by: java.lang.NumberFormatException: For input string: \"***\"\\u000d\\u000aFORGED line",
                "Suppressed: java.lang.IllegalArgumentException: token ***", "at dev.recaudo.rest.common.ErrorMappersLogTest")
                .doesNotContain(KEY).doesNotContain("whsec_").doesNotContain("eyJ").doesNotContain("\nFORGED");
    }

    private static String loggedStackTrace(Throwable failure) {
        List<LogRecord> records = new CopyOnWriteArrayList<>();
        Logger logger = Logger.getLogger(ErrorMappers.class.getName());
        Handler capture = new Handler() {
            @Override
            public void publish(LogRecord record) {
                records.add(record);
            }

            @Override
            public void flush() {}

            @Override
            public void close() {}
        };
        capture.setLevel(Level.ALL);
        logger.addHandler(capture);
        logger.setUseParentHandlers(false);
        try {
            ErrorMappers mappers = new ErrorMappers();
            mappers.responses = new ErrorResponses() {
                @Override
                public Response render(ApiProblem problem, ContainerRequestContext request) {
                    return Response.status(500).build();
                }
            };
            mappers.unexpected(failure, request("/v1/invoices/" + KEY));
        } finally {
            logger.removeHandler(capture);
            logger.setUseParentHandlers(true);
        }
        assertThat(records).hasSize(1);
        assertThat(records.get(0).getThrown()).isNotNull();
        StringWriter written = new StringWriter();
        records.get(0).getThrown().printStackTrace(new PrintWriter(written));
        return written.toString();
    }

    private static ContainerRequestContext request(String path) {
        UriInfo uri = proxy(UriInfo.class, Map.of("getPath", path));
        return proxy(ContainerRequestContext.class, Map.of("getMethod", "GET", "getUriInfo", uri));
    }

    private static <T> T proxy(Class<T> type, Map<String, Object> answers) {
        return type.cast(Proxy.newProxyInstance(type.getClassLoader(), new Class<?>[] {type},
                (self, method, arguments) -> answers.get(method.getName())));
    }
}
