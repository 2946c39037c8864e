package dev.recaudo.e2e.admin;

import dev.recaudo.e2e.support.RawHttp;
import dev.recaudo.e2e.support.Windows;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Logins sent from a chosen local address (any 127.x.y.z on Linux), with or without an
 * {@code X-Forwarded-For}, so that tests can play an attacker and the administrator on two addresses.
 */
final class Logins {

    static final String ATTACKER = "127.0.0.2";
    static final String ADMINISTRATOR = "127.0.0.1";

    private Logins() {}

    /** The status of {@code POST /auth/token} from {@code localAddress}, forwarding {@code forwardedFor} when not null. */
    static int login(String localAddress, String forwardedFor, String email, String password) {
        Map<String, String> headers = new LinkedHashMap<>();
        headers.put("Content-Type", "application/json");
        if (forwardedFor != null) {
            headers.put("X-Forwarded-For", forwardedFor);
        }
        String body = "{\"email\":\"" + email + "\",\"password\":\"" + password + "\"}";
        return RawHttp.from(localAddress, "POST", "/auth/token", headers, body.getBytes(StandardCharsets.UTF_8)).status();
    }

    /** Starts a test in one window of a minute, so that its counts are not cut in two. */
    static void inOneWindow() throws InterruptedException {
        Windows.awaitFreshMinute();
    }
}
