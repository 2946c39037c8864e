package dev.recaudo.rest.common;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A request path as the access log and error lines may show it (still to be escaped,
 * {@link ClientText#forLog}): a hosted page's checkout id, which is the payer's credential, and
 * every segment that holds one of Recaudo's secrets or a token ({@link SecretShapes#in}) are
 * masked; the rest, ids the partner chose, is written as received. A webhook secret is base64, which may
 * hold {@code /}, so from its segment on the whole path is masked. The checks are made on the decoded
 * text, since {@code /p%61y/{id}} reaches the same page and {@code rk%5Ftest_...} is the same key.
 */
public final class LoggedPath {

    /** A {@code pay} segment and everything after it, once the path is percent-decoded, in any case. */
    private static final Pattern HOSTED_PAGE_PATH = Pattern.compile("(?is)(^|/)pay(/.*)?$");

    private LoggedPath() {}

    /** The path with checkout ids and secret-shaped segments masked. */
    public static String of(String path) {
        if (path == null) {
            return null;
        }
        String[] segments = withCheckoutIdMasked(path).split("/", -1);
        StringBuilder logged = new StringBuilder(path.length());
        for (int i = 0; i < segments.length; i++) {
            String decoded = PercentEscapes.decoded(segments[i]);
            if (SecretShapes.continuesPastSlash(decoded)) {
                // Its base64 may hold '/': what follows may be the rest of the secret, so nothing more is shown.
                return logged.append(i == 0 ? "" : "/").append(SecretShapes.MASK).toString();
            }
            logged.append(i == 0 ? "" : "/")
                    .append(SecretShapes.in(decoded) ? SecretShapes.MASK : segments[i]);
        }
        return logged.toString();
    }

    /**
     * From a {@code pay} segment on, the path becomes {@code pay/***}; other paths are answered as
     * given.
     */
    static String withCheckoutIdMasked(String path) {
        String decoded = PercentEscapes.decoded(path);
        Matcher page = HOSTED_PAGE_PATH.matcher(decoded);
        return page.find() ? decoded.substring(0, page.start()) + page.group(1) + "pay/***" : path;
    }
}
