package dev.recaudo.rest.auth;

import dev.recaudo.rest.common.ApiProblem;
import dev.recaudo.rest.common.Problem;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * Reads a signed request's body once, in parts, feeding each part to the signature's verifier, and
 * keeps it for the resource. A body of ordinary size stays in memory; a bank statement (up to
 * {@code recaudo.bank-statements.max-bytes}, 8 MiB by default) goes to a temporary file instead, so
 * the statements in flight at once cost disk, not heap. The file has no name once it is open again for
 * the resource, and the filter closes that stream when the exchange ends, refused or answered, which
 * frees the file.
 */
final class SignedBody {

    private static final int PART_BYTES = 64 * 1024;

    private SignedBody() {}

    /** Reads at most {@code bytesMax} bytes (else 413) into memory, or into a file when {@code spooled}. */
    static InputStream read(InputStream in, long bytesMax, boolean spooled, RequestSignature.Verifier verifier) {
        try (in) {
            if (!spooled) {
                ByteArrayOutputStream kept = new ByteArrayOutputStream();
                copy(in, kept, bytesMax, verifier);
                return new ByteArrayInputStream(kept.toByteArray());
            }
            Path file = Files.createTempFile("recaudo-statement-", ".body");
            try {
                try (OutputStream kept = Files.newOutputStream(file)) {
                    copy(in, kept, bytesMax, verifier);
                }
                return Files.newInputStream(file, StandardOpenOption.READ);
            } finally {
                Files.delete(file);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("could not read the request body", e);
        }
    }

    /** Closes what {@link #read} returned, once the exchange is over; a failure to close changes no answer. */
    static void close(InputStream body) {
        try {
            body.close();
        } catch (IOException ignored) {
            // The file has no name left: closing frees it, and a failed close leaves it to the collector.
        }
    }

    private static void copy(InputStream in, OutputStream kept, long bytesMax, RequestSignature.Verifier verifier)
            throws IOException {
        byte[] part = new byte[PART_BYTES];
        long total = 0;
        for (int read = in.read(part); read >= 0; read = in.read(part)) {
            total += read;
            if (total > bytesMax) {
                throw new ApiProblem(Problem.PAYLOAD_TOO_LARGE, "The request body is larger than " + bytesMax + " bytes");
            }
            verifier.update(part, 0, read);
            kept.write(part, 0, read);
        }
    }
}
