package dev.recaudo.battery;

import static org.assertj.core.api.Assertions.assertThat;

import dev.recaudo.battery.BatteryClient.Answer;
import dev.recaudo.battery.BatteryClient.Call;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * Issue 21, item 8, across two instances: a checkout payer's global {@code customerId} is derived
 * under one secret both instances share, created once by whichever needs it first, so one e-mail has
 * one id whichever instance answers and whichever company asks, and it is not the name-based UUID
 * anyone could compute. The resolves of each company go to both instances at once.
 */
@Slow(part = 1)
class PayerIdsAcrossInstancesIT {

    private static final int COMPANIES = 4;

    @Test
    void givenOneEmail_whenResolvedInFourCompaniesOnBothInstancesAtOnce_thenOneKeyedCustomerId() throws Exception {
        Battery battery = Battery.shared();
        String email = "payer-" + UUID.randomUUID() + "@example.com";
        List<Company> companies = new ArrayList<>();
        List<String> tokens = new ArrayList<>();
        for (int i = 0; i < COMPANIES; i++) {
            Company company = battery.company();
            Company.Key key = company.key("checkout " + i, List.of("checkout:write"), "shop", "live");
            Answer token = battery.client().send(Call.of("POST", "/checkout/token", "").header("X-API-Key", key.secret()));
            assertThat(token.status()).as("token: %s", token).isEqualTo(200);
            companies.add(company);
            tokens.add(token.json().getString("accessToken"));
        }

        List<Answer> answers = Together.run(2 * COMPANIES, request -> () -> battery.client().sendTo(request % 2,
                Call.post("/checkout/resolve-customer", Json.object("companyId", companies.get(request / 2).id().toString(),
                                "email", request % 2 == 0 ? email : email.toUpperCase(Locale.ROOT), "name", "Ana Pérez"))
                        .header("Authorization", "Bearer " + tokens.get(request / 2))));

        assertThat(answers).as("%s", answers).extracting(Answer::status).containsOnly(200, 201);
        assertThat(answers).extracting(Answer::instance).contains(0, 1);
        List<String> ids = answers.stream().map(answer -> answer.json().getString("customerId")).distinct().toList();
        assertThat(ids).as("one customerId for one e-mail: %s", answers).hasSize(1);
        UUID customerId = UUID.fromString(ids.get(0));
        assertThat(customerId.version()).isEqualTo(8);
        assertThat(customerId).isNotEqualTo(UUID.nameUUIDFromBytes(("recaudo:payer:" + email).getBytes(StandardCharsets.UTF_8)));
        assertThat(battery.database().number("SELECT count(*) FROM signing_keys WHERE name = 'checkout-payer-id-hmac-sha256'"))
                .isEqualTo(1);
        battery.assertInvariants();
    }
}
