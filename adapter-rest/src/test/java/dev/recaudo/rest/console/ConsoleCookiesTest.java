package dev.recaudo.rest.console;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.http.HttpServerRequest;
import java.lang.reflect.Proxy;
import org.junit.jupiter.api.Test;

/**
 * The console's cookies: never readable by script or sent from another site, and HTTPS-only where
 * served over HTTPS or in production, where a proxy may not say it terminated HTTPS.
 */
class ConsoleCookiesTest {

    @Test
    void givenARequestOverHttps_whenACookieIsKept_thenItIsSecureHttpOnlyAndStrict() {
        assertThat(new ConsoleCookies(false).kept("recaudo_console", "abc", requestOver("https")))
                .isEqualTo("recaudo_console=abc; HttpOnly; SameSite=Strict; Secure");
    }

    @Test
    void givenARequestOverPlainHttp_whenACookieIsRemoved_thenItExpiresAtOnceWithoutSecure() {
        assertThat(new ConsoleCookies(false).removed("recaudo_console", requestOver("http")))
                .isEqualTo("recaudo_console=; HttpOnly; SameSite=Strict; Max-Age=0");
    }

    @Test
    void givenProductionBehindAProxyThatSaysNothing_whenACookieIsKept_thenItIsSecureAnyway() {
        assertThat(new ConsoleCookies(true).kept("recaudo_console", "abc", requestOver("http"))).endsWith("; Secure");
    }

    /** A request that answers its scheme, and nothing else. */
    private static HttpServerRequest requestOver(String scheme) {
        return (HttpServerRequest) Proxy.newProxyInstance(HttpServerRequest.class.getClassLoader(),
                new Class<?>[] {HttpServerRequest.class}, (proxy, method, arguments) -> {
                    if (method.getName().equals("scheme")) {
                        return scheme;
                    }
                    throw new UnsupportedOperationException(method.getName());
                });
    }
}
