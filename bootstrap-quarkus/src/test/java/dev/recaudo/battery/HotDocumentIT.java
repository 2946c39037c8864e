package dev.recaudo.battery;

import static org.assertj.core.api.Assertions.assertThat;

import dev.recaudo.battery.BatteryClient.Answer;
import dev.recaudo.e2e.support.Partner;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * Issue 12, races: one hot document and many concurrent verified payments, each for its whole
 * balance, released together across both instances. Payments: {@code -Dbattery.hotdocument.payments}
 * (CI: the 500, well above the two pools' 64 connections). With hundreds of requests per instance waiting on one row lock, the 32-connection
 * pool runs dry, and a request that waits longer than the pool's acquisition timeout is told to come
 * back ({@code 503} with {@code Retry-After}); no other 5xx is allowed (docs/reliability.md, "Findings").
 */
class HotDocumentIT {

    private static final int PAYMENTS = Battery.size("battery.hotdocument.payments", 500);
    private static final long BALANCE_MINOR = 125_000;
    private static final Pattern DATABASE_RACE =
            Pattern.compile("(?i)could not serialize|deadlock detected|SQLState: 40001|SQLState: 40P01|violates check constraint");


    /** The battery the test runs on; {@link RacesThroughPgBouncerIT} runs it through PgBouncer. */
    Battery battery() throws Exception {
        return Battery.shared(Map.of());
    }

    @Test
    void givenOneDocument_whenHundredsOfPaymentsForItsWholeBalanceRace_thenAtMostTheBalanceIsAppliedAndNoDatabaseErrorReachesAClient()
            throws Exception {
        Battery battery = battery();
        IntegrationsPartner partner = battery.company().integrationsPartner();
        String hot = Partner.unique("HOT");
        partner.createDocument(hot, "C-1", "USD", BALANCE_MINOR);

        List<Answer> answers = Together.run(PAYMENTS, i -> () -> battery.client().send(partner.verifiedPayment(
                Partner.unique("HOT-" + i), "C-1", BALANCE_MINOR, "USD", UUID.randomUUID().toString(), hot, BALANCE_MINOR)));

        Map<String, Long> outcomes = answers.stream().collect(Collectors.groupingBy(
                answer -> answer.status() + " " + (answer.status() == 200 ? answer.json().getString("status")
                        : answer.body().replaceAll("\"requestId\":\"[^\"]*\"", "")),
                Collectors.counting()));
        assertThat(answers).as("outcomes %s", outcomes).extracting(Answer::instance).contains(0, 1);
        assertThat(answers).as("outcomes %s", outcomes).allMatch(answer -> answer.status() == 200
                || answer.status() == 503 && "1".equals(answer.header("Retry-After")));
        // A database race that reached a client would show in its answer or in the instance's log of it;
        // a lost race on the balance would be refused by the balance CHECK, which counts too.
        assertThat(answers).as("outcomes %s", outcomes).noneMatch(answer -> DATABASE_RACE.matcher(answer.body()).find());
        for (int instance = 0; instance < 2; instance++) {
            assertThat(DATABASE_RACE.matcher(battery.instance(instance).output()).find())
                    .as("a serialization failure or deadlock in the log of instance %d:%n%s", instance, battery.outputs()).isFalse();
        }
        try (Connection connection = battery.database().connect();
                PreparedStatement applied = connection.prepareStatement("SELECT coalesce(sum(a.amount_minor), 0), d.balance_minor"
                        + " FROM collection_documents d LEFT JOIN payment_applications a ON a.document_id = d.id"
                        + " WHERE d.external_document_id = ? GROUP BY d.id")) {
            applied.setString(1, hot);
            try (ResultSet row = applied.executeQuery()) {
                row.next();
                assertThat(row.getLong(1)).as("applied to the hot document; outcomes %s", outcomes).isEqualTo(BALANCE_MINOR);
                assertThat(row.getLong(2)).as("its balance").isZero();
            }
        }
        assertThat(outcomes.get("200 applied")).as("outcomes %s", outcomes).isEqualTo(1);
        battery.assertInvariants();
    }
}
