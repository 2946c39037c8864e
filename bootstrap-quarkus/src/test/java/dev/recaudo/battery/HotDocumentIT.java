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
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Issue 12, races: one hot document and many concurrent verified payments, each for its whole
 * balance, released together across both instances. Payments: {@code -Dbattery.hotdocument.payments}
 * (CI 500).
 */
class HotDocumentIT {

    private static final int PAYMENTS = Battery.size("battery.hotdocument.payments", 500);
    private static final long BALANCE_MINOR = 125_000;

    private static Battery battery;

    @BeforeAll
    static void start() throws Exception {
        battery = Battery.onTestServer();
    }

    @AfterAll
    static void close() throws Exception {
        battery.close();
    }

    @Test
    void givenOneDocument_when500PaymentsForItsWholeBalanceRace_thenAtMostTheBalanceIsAppliedAndNoDatabaseErrorReachesAClient()
            throws Exception {
        IntegrationsPartner partner = battery.company().integrationsPartner();
        partner.createDocument("HOT", "C-1", "USD", BALANCE_MINOR);

        List<Answer> answers = Together.run(PAYMENTS, i -> () -> battery.client().send(partner.verifiedPayment(
                Partner.unique("HOT-" + i), "C-1", BALANCE_MINOR, "USD", UUID.randomUUID().toString(), "HOT", BALANCE_MINOR)));

        Map<String, Long> outcomes = answers.stream().collect(Collectors.groupingBy(
                answer -> answer.status() + " " + (answer.status() == 200 ? answer.json().getString("status") : answer.body()),
                Collectors.counting()));
        assertThat(answers).as("outcomes %s", outcomes).extracting(Answer::instance).contains(0, 1);
        assertThat(answers).as("outcomes %s", outcomes).noneMatch(Answer::isServerError)
                .noneMatch(answer -> answer.body().matches("(?is).*(serializ|deadlock|40001|40P01).*"));
        try (Connection connection = battery.database().connect();
                PreparedStatement applied = connection.prepareStatement("SELECT coalesce(sum(a.amount_minor), 0), d.balance_minor"
                        + " FROM collection_documents d LEFT JOIN payment_applications a ON a.document_id = d.id"
                        + " WHERE d.external_document_id = 'HOT' GROUP BY d.id")) {
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
