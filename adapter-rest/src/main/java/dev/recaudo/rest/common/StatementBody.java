package dev.recaudo.rest.common;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import java.util.regex.Pattern;

/**
 * Marks the body of a bank statement import: it is read as a stream and bounded by
 * {@code recaudo.bank-statements.max-bytes} (8 MiB by default) instead of the 1 MiB of every other
 * body, at the edge (declared length) and while it is read ({@link BodyLimit}).
 */
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.PARAMETER})
public @interface StatementBody {

    /** The import's route, whatever prefix a proxy or root path put before it. */
    final class Route {

        private static final Pattern IMPORT_PATH = Pattern.compile(".*/companies/[^/]+/bank-statements/?");

        private Route() {}

        public static boolean isImport(String path) {
            return path != null && IMPORT_PATH.matcher(path).matches();
        }
    }
}
