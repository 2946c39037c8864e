package dev.recaudo.battery;

import static org.assertj.core.api.Assertions.assertThat;

import dev.recaudo.battery.BatteryClient.Answer;
import dev.recaudo.battery.BatteryClient.Call;
import dev.recaudo.e2e.webhooks.Receiver;
import io.restassured.path.json.JsonPath;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * Issue 12, invoice races on one document: each round, two settlements from the provider
 * ({@code DELETE} with {@code PAID_FROM_PROVIDER}), one annulment, two amount-changing and two
 * informational {@code PUT}s of one invoice, released together, racer i on instance (i + round) mod 2.
 * The final state is one the spec's state table allows, an annulled document holds no money, and a
 * real receiver on loopback gets exactly one {@code invoice.paid} for each paid invoice and none for
 * the others. Rounds: {@code -Dbattery.invoiceraces.rounds} (CI 30).
 */
class InvoiceRacesIT {

    private static final int ROUNDS = Battery.size("battery.invoiceraces.rounds", 30);
    private static final int ORIGINAL_AMOUNT = 20;
    /** Amounts of the racing {@code PUT}s: the first two keep the original (informational), the others change it. */
    private static final List<Integer> PUT_AMOUNTS = List.of(ORIGINAL_AMOUNT, ORIGINAL_AMOUNT, 31, 42);
    private static final int SETTLEMENTS = 2;
    private static final int RACERS = SETTLEMENTS + 1 + PUT_AMOUNTS.size();

    /** What one round left behind: the invoice, the settlement that won (null when the annulment did). */
    private record Outcome(String invoiceId, String winningProviderPaymentId) {}

    /** The battery the test runs on; {@link RacesThroughPgBouncerIT} runs it through PgBouncer. */
    Battery battery() throws Exception {
        return Battery.shared(Battery.LOOPBACK_RECEIVERS);
    }

    @Test
    void givenSettlementsAnnulmentAndPutsOnOneInvoice_whenRacingOnBothInstances_thenLegalStateAndOneInvoicePaidPerPaidInvoice()
            throws Exception {
        Battery battery = battery();
        Company company = battery.company();
        Company.Key key = company.invoicesKey();
        try (Receiver receiver = new Receiver(ordinal -> 200)) {
            Answer endpoint = battery.client().sendWithFailover(Call.post("/companies/" + company.id() + "/webhook-endpoints",
                    Json.object("url", receiver.url(), "events", List.of("invoice.paid", "invoice.canceled")))
                    .header("Authorization", "Bearer " + company.adminToken()));
            assertThat(endpoint.status()).as("endpoint: %s", endpoint).isEqualTo(201);

            List<Outcome> outcomes = new ArrayList<>();
            for (int round = 0; round < ROUNDS; round++) {
                outcomes.add(race(battery, key, round));
            }
            long paid = outcomes.stream().filter(outcome -> outcome.winningProviderPaymentId() != null).count();
            // The figures docs/reliability.md quotes: how the races ended.
            System.out.printf("InvoiceRacesIT: %d rounds of %d racers, %d settled, %d annulled%n", ROUNDS, RACERS, paid, ROUNDS - paid);
            Receiver.await(() -> events(receiver, "invoice.paid").size() >= paid
                    && events(receiver, "invoice.canceled").size() >= ROUNDS - paid, Duration.ofSeconds(60));
            Thread.sleep(1500); // room for a duplicate to show up

            Map<String, List<JsonPath>> paidEvents = byInvoice(events(receiver, "invoice.paid"));
            Map<String, List<JsonPath>> canceledEvents = byInvoice(events(receiver, "invoice.canceled"));
            for (Outcome outcome : outcomes) {
                List<JsonPath> paidOnes = paidEvents.getOrDefault(outcome.invoiceId(), List.of());
                List<JsonPath> canceledOnes = canceledEvents.getOrDefault(outcome.invoiceId(), List.of());
                if (outcome.winningProviderPaymentId() != null) {
                    assertThat(paidOnes).as("invoice.paid of %s", outcome).hasSize(1);
                    assertThat(paidOnes.get(0).getString("invoice.payment.provider_id")).isEqualTo(outcome.winningProviderPaymentId());
                    assertThat(canceledOnes).as("invoice.canceled of paid %s", outcome).isEmpty();
                } else {
                    assertThat(paidOnes).as("invoice.paid of annulled %s", outcome).isEmpty();
                    assertThat(canceledOnes).as("invoice.canceled of %s", outcome).hasSize(1);
                }
            }
        }
        battery.assertInvariants();
    }

    private static Outcome race(Battery battery, Company.Key key, int round) throws Exception {
        String bearer = "Bearer " + key.secret();
        Answer created = battery.client().sendWithFailover(Call.post("/v1/invoices",
                Json.object("reference", "V-12.345.678", "provider", "erp", "amount", ORIGINAL_AMOUNT, "name", "race " + round))
                .header("Authorization", bearer).header("x-idempotency", UUID.randomUUID().toString()));
        assertThat(created.status()).as("invoice: %s", created).isEqualTo(201);
        String id = created.json().getString("id");
        String path = "/v1/invoices/" + id;
        List<Answer> answers = Together.run(RACERS, racer -> () -> battery.client().sendTo((racer + round) % 2, racerCall(path, racer, round)
                .header("Authorization", bearer)));
        String context = "round " + round + ", answers " + answers + "\n" + battery.outputs();

        assertThat(answers).as(context).noneMatch(Answer::isServerError);
        List<Answer> deletes = answers.subList(0, SETTLEMENTS + 1);
        List<Answer> puts = answers.subList(SETTLEMENTS + 1, RACERS);
        assertThat(deletes).as(context).extracting(Answer::status).isSubsetOf(204, 409);
        assertThat(puts).as(context).extracting(Answer::status).isSubsetOf(200, 409);
        assertThat(deletes).as(context).filteredOn(answer -> answer.status() == 204).hasSize(1);
        int winner = deletes.indexOf(deletes.stream().filter(answer -> answer.status() == 204).findFirst().orElseThrow());

        Answer read = battery.client().send(Call.get(path).header("Authorization", bearer));
        assertThat(read.status()).as(context).isEqualTo(200);
        boolean settled = winner < SETTLEMENTS;
        assertThat(read.json().getString("status")).as(context).isEqualTo(settled ? "PAID_FROM_PROVIDER" : "DELETE_FROM_PROVIDER");

        Database database = battery.database();
        long total = database.number("SELECT total_minor FROM collection_documents WHERE id = ?::uuid", id);
        long applied = database.number("SELECT applied_minor FROM collection_documents WHERE id = ?::uuid", id);
        long applications = database.number("SELECT coalesce(sum(amount_minor), 0) FROM payment_applications WHERE document_id = ?::uuid", id);
        Set<Long> acceptedTotals = new HashSet<>();
        for (int i = 0; i < PUT_AMOUNTS.size(); i++) {
            if (puts.get(i).status() == 200) {
                acceptedTotals.add(PUT_AMOUNTS.get(i) * 100L);
            }
        }
        // The last replacement that was accepted decides the total; none accepted leaves the original.
        assertThat(total).as(context).isIn(acceptedTotals.isEmpty() ? Set.of(ORIGINAL_AMOUNT * 100L) : acceptedTotals);
        assertThat(database.number("SELECT balance_minor FROM collection_documents WHERE id = ?::uuid", id)).as(context).isZero();
        assertThat(applied).as("applied, %s", context).isEqualTo(settled ? total : 0);
        assertThat(applications).as("payment applications, %s", context).isEqualTo(applied);
        assertThat(database.number("SELECT count(*) FROM checkouts WHERE document_id = ?::uuid AND status = 'PENDING'", id))
                .as("pending checkouts, %s", context).isZero();
        return new Outcome(id, settled ? providerPaymentId(round, winner) : null);
    }

    /** Racers 0 and 1 settle from the provider, racer 2 annuls, the others replace the invoice. */
    private static Call racerCall(String path, int racer, int round) {
        if (racer < SETTLEMENTS) {
            return Call.of("DELETE", path, Json.object("reason", "PAID_FROM_PROVIDER", "provider_payment_id", providerPaymentId(round, racer)));
        }
        if (racer == SETTLEMENTS) {
            return Call.of("DELETE", path, "");
        }
        return Call.of("PUT", path, replacement("race " + round + " by " + racer, PUT_AMOUNTS.get(racer - SETTLEMENTS - 1)));
    }

    private static String providerPaymentId(int round, int racer) {
        return "provider-" + round + "-" + racer;
    }

    /** A replacement body; the creation body is the same with {@code provider}. */
    private static String replacement(String name, int amount) {
        return Json.object("reference", "V-12.345.678", "amount", amount, "name", name);
    }

    private static List<JsonPath> events(Receiver receiver, String type) {
        return receiver.received().stream().map(request -> JsonPath.from(request.body()))
                .filter(event -> type.equals(event.getString("type"))).toList();
    }

    private static Map<String, List<JsonPath>> byInvoice(List<JsonPath> events) {
        Map<String, List<JsonPath>> byInvoice = new HashMap<>();
        for (JsonPath event : events) {
            byInvoice.computeIfAbsent(event.getString("invoice.id"), invoiceId -> new ArrayList<>()).add(event);
        }
        return byInvoice;
    }
}
