package dev.recaudo.battery;

import static org.assertj.core.api.Assertions.assertThat;

import dev.recaudo.battery.BatteryClient.Answer;
import dev.recaudo.battery.BatteryClient.Call;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * Issue 12, races: the same {@code x-idempotency} key sent by 50 threads released together, round
 * after round, alternating between the two instances. Rounds: {@code -Dbattery.idempotency.rounds}
 * (CI: the 100), threads:
 * {@code -Dbattery.idempotency.threads} (50).
 */
class IdempotencyRaceIT {

    private static final int ROUNDS = Battery.size("battery.idempotency.rounds", 100);
    private static final int THREADS = Battery.size("battery.idempotency.threads", 50);


    /** The battery the test runs on; {@link RacesThroughPgBouncerIT} runs it through PgBouncer. */
    Battery battery() throws Exception {
        return Battery.shared(Map.of());
    }

    @Test
    void givenOneKeyFrom50ThreadsOnBothInstances_whenReleasedTogether_thenOneDocumentPerRoundAndOnlyTheOriginalOrInProgress()
            throws Exception {
        Battery battery = battery();
        Company company = battery.company();
        Company.Key key = company.invoicesKey();
        for (int round = 0; round < ROUNDS; round++) {
            Call create = Call.post("/v1/invoices", Json.object("reference", "V-" + round, "provider", "erp", "amount", 20, "name", "Factura " + round))
                    .header("Authorization", "Bearer " + key.secret()).header("x-idempotency", UUID.randomUUID().toString());
            List<Answer> answers = Together.run(THREADS, thread -> () -> battery.client().send(create));

            String round_ = "round " + round + ", answers " + answers;
            assertThat(answers).as(round_).allSatisfy(answer -> assertThat(answer.status() == 201
                    || answer.status() == 409 && answer.json().getInt("code") == 10010).as("%s", answer).isTrue());
            assertThat(answers).as(round_).extracting(Answer::instance).contains(0, 1);
            List<Answer> created = answers.stream().filter(answer -> answer.status() == 201).toList();
            assertThat(created).as(round_).isNotEmpty();
            assertThat(created).as(round_).extracting(Answer::body).containsOnly(created.get(0).body());
            assertThat(created).as(round_).filteredOn(answer -> answer.header("Idempotent-Replayed") == null).hasSize(1);
        }
        try (Connection connection = battery.database().connect();
                PreparedStatement documents = connection.prepareStatement(
                        "SELECT count(*), count(DISTINCT external_document_id) FROM collection_documents WHERE company_id = ?")) {
            documents.setObject(1, company.id());
            try (ResultSet row = documents.executeQuery()) {
                row.next();
                assertThat(row.getLong(1)).as("documents, one per round").isEqualTo(ROUNDS);
                assertThat(row.getLong(2)).as("distinct keys").isEqualTo(ROUNDS);
            }
        }
        battery.assertInvariants();
    }
}
