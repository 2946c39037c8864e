package dev.recaudo.rest.common;

import jakarta.enterprise.inject.Instance;
import jakarta.inject.Inject;
import jakarta.ws.rs.ext.Provider;
import jakarta.ws.rs.ext.ReaderInterceptor;
import jakarta.ws.rs.ext.ReaderInterceptorContext;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;

/**
 * Bounds every request body a resource reads to {@code recaudo.http.body-bytes-max}. The edge refuses a
 * body that declares a larger {@code Content-Length} before anything runs; a body sent in chunks
 * declares no length, so it is counted here as it is read and refused, in the family's envelope, as
 * soon as it passes the limit. The HTTP server's own limit stays higher, as a backstop only: when
 * the server trips it, it ends the response itself, empty, before any envelope can be written. A body
 * read as a {@link StatementBody} has the bank statements' own, larger limit.
 */
@Provider
public class BodyLimit implements ReaderInterceptor {

    /** Looked up per request: providers are built at static init, before runtime configuration exists. */
    @Inject
    Instance<RestSettings> settings;

    @Override
    public Object aroundReadFrom(ReaderInterceptorContext context) throws IOException {
        boolean statement = java.util.Arrays.stream(context.getAnnotations()).anyMatch(StatementBody.class::isInstance);
        context.setInputStream(new Bounded(context.getInputStream(),
                statement ? settings.get().bankStatements().maxBytes() : settings.get().http().bodyBytesMax()));
        return context.proceed();
    }

    /**
     * The body passed the limit while being read. An {@link IOException}, because JSON readers hand
     * I/O failures on unchanged, where they would wrap any other exception as a field error.
     */
    public static final class TooLarge extends IOException {

        private static final long serialVersionUID = 1L;

        TooLarge(long bodyBytesMax) {
            super("The request body is larger than " + bodyBytesMax + " bytes");
        }
    }

    private static final class Bounded extends FilterInputStream {

        private final long bodyBytesMax;
        private long readBytes;

        Bounded(InputStream body, long bodyBytesMax) {
            super(body);
            this.bodyBytesMax = bodyBytesMax;
        }

        @Override
        public int read() throws IOException {
            int b = super.read();
            if (b >= 0) {
                count(1);
            }
            return b;
        }

        @Override
        public int read(byte[] buffer, int offset, int length) throws IOException {
            int read = super.read(buffer, offset, length);
            if (read > 0) {
                count(read);
            }
            return read;
        }

        @Override
        public long skip(long n) throws IOException {
            long skipped = super.skip(n);
            count(skipped);
            return skipped;
        }

        private void count(long bytes) throws TooLarge {
            readBytes += bytes;
            if (readBytes > bodyBytesMax) {
                throw new TooLarge(bodyBytesMax);
            }
        }
    }
}
