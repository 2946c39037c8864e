package dev.recaudo.battery;

import static org.assertj.core.api.Assertions.assertThat;

import dev.recaudo.battery.BatteryClient.Answer;
import dev.recaudo.battery.BatteryClient.Call;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * Issue 26: a console session is the same on both instances. Signed in through one, it opens the
 * console on the other; switched to test data on one, the other shows test data; signed out
 * through either, neither opens anything with its cookie on the very next request.
 */
class ConsoleAcrossInstancesIT {

    private static final Pattern CSRF = Pattern.compile("name=\"csrf\" value=\"([^\"]+)\"");
    private static final Pattern SESSION = Pattern.compile("recaudo_console=([A-Za-z0-9_-]{43});");
    private static final Pattern SIGN_IN_NONCE = Pattern.compile("recaudo_console_sign_in=([A-Za-z0-9_-]+);");

    @Test
    void givenASessionSignedInOnOneInstance_whenUsedSwitchedAndSignedOutOnTheOther_thenBothAgreeAtOnce() throws Exception {
        Battery battery = Battery.shared();
        for (int round = 0; round < 2; round++) {
            int signIn = round % 2;
            int other = 1 - signIn;
            Company company = battery.company();
            String session = signIn(battery.client(), signIn, company);

            Answer home = home(battery.client(), other, session);
            assertThat(home.status()).as("round %d, the other instance", round).isEqualTo(200);
            assertThat(home.body()).contains(company.adminEmail());
            String csrf = csrfOf(home.body());
            assertThat(form(battery.client(), signIn, "/console/environment", session, "environment=test&csrf=" + csrf).status())
                    .isEqualTo(303);
            assertThat(home(battery.client(), other, session).body()).as("round %d", round).contains("class=\"environment test\"");

            assertThat(form(battery.client(), other, "/console/sign-out", session, "csrf=" + csrf).status()).isEqualTo(303);
            assertThat(home(battery.client(), signIn, session).status()).as("round %d, signed out elsewhere", round).isEqualTo(303);
            assertThat(home(battery.client(), other, session).status()).as("round %d, signed out here", round).isEqualTo(303);
        }
        battery.assertInvariants();
    }

    private static String signIn(BatteryClient client, int instance, Company company) throws Exception {
        Answer page = client.sendTo(instance, Call.get("/console/sign-in"));
        String nonce = matched(SIGN_IN_NONCE, page.header("Set-Cookie"));
        Answer signedIn = client.sendTo(instance, Call.of("POST", "/console/sign-in", "email="
                + URLEncoder.encode(company.adminEmail(), StandardCharsets.UTF_8) + "&password="
                + URLEncoder.encode(Company.ADMIN_PASSWORD, StandardCharsets.UTF_8) + "&csrf=" + csrfOf(page.body()))
                .header("Content-Type", "application/x-www-form-urlencoded")
                .header("Cookie", "recaudo_console_sign_in=" + nonce));
        assertThat(signedIn.status()).as("sign-in: %s", signedIn).isEqualTo(303);
        return signedIn.headers().get("set-cookie").stream().filter(cookie -> cookie.startsWith("recaudo_console="))
                .map(cookie -> matched(SESSION, cookie)).findFirst().orElseThrow();
    }

    private static Answer home(BatteryClient client, int instance, String session) throws Exception {
        return client.sendTo(instance, Call.get("/console").header("Cookie", "recaudo_console=" + session));
    }

    private static Answer form(BatteryClient client, int instance, String path, String session, String body) throws Exception {
        return client.sendTo(instance, Call.of("POST", path, body).header("Content-Type", "application/x-www-form-urlencoded")
                .header("Cookie", "recaudo_console=" + session));
    }

    private static String csrfOf(String html) {
        return matched(CSRF, html);
    }

    private static String matched(Pattern pattern, String text) {
        Matcher matcher = pattern.matcher(text == null ? "" : text);
        assertThat(matcher.find()).as("%s in %s", pattern, text).isTrue();
        return matcher.group(1);
    }
}
