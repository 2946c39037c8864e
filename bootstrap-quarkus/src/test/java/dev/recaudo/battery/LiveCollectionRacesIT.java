package dev.recaudo.battery;

import static org.assertj.core.api.Assertions.assertThat;

import dev.recaudo.battery.BatteryClient.Answer;
import dev.recaudo.battery.BatteryClient.Call;
import dev.recaudo.stripe.EventSigner;
import dev.recaudo.stripe.StripeDouble;
import io.restassured.path.json.JsonPath;
import java.io.IOException;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

/**
 * Issue 23, live collection across two instances of the packaged service on one database, with the
 * real Stripe rail calling a {@link StripeDouble} ({@code RECAUDO_PAYMENTS_STRIPE_API_BASE}): one card
 * payment completed at once by signed events (the same event several times, and a twin event of the
 * same intent), by the recovery's polls and raced by a bank statement naming its invoice is applied
 * once; a {@code kill -9} of the instance importing a large statement, then the re-import on the other,
 * apply nothing twice.
 */
@Slow(part = 0)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class LiveCollectionRacesIT {

    private static final String SECRET_KEY = "sk_live_" + "RacesK3y";
    private static final String WEBHOOK_SECRET = "whsec_" + "cmFjZXMtc2VjcmV0";
    private static final Pattern REFERENCE = Pattern.compile("id=\"transfer-reference\">(RC[0-9]{11})<");
    private static final int RACERS = 12;
    private static final int LARGE_STATEMENT_ENTRIES = Battery.size("battery.live.statement-entries", 5_000);

    private static StripeDouble stripe;
    private static Battery battery;

    /** A company with its Stripe keys, a live key, a USD receiving account, and one invoice of 20.00 with its reference. */
    private record World(Company company, Company.Key key, String accountId, String invoiceId, String reference) {}

    @BeforeAll
    static void start() throws Exception {
        stripe = StripeDouble.start();
        battery = Battery.onTestServer(Map.of(
                "RECAUDO_PAYMENTS_STRIPE_API_BASE", stripe.baseUrl(),
                "RECAUDO_PAYMENTS_STRIPE_MAX_NETWORK_RETRIES", "0",
                "RECAUDO_PAYMENTS_RECOVERY_INTERVAL", "300ms",
                "RECAUDO_PAYMENTS_UNKNOWN_AFTER_SECONDS", "1"));
    }

    @AfterAll
    static void stop() throws Exception {
        try {
            if (battery != null) {
                battery.close();
            }
        } finally {
            if (stripe != null) {
                stripe.close();
            }
        }
    }

    private static Answer ok(Answer answer, int status) {
        assertThat(answer.status()).as("%s", answer).isEqualTo(status);
        return answer;
    }

    private static World world() throws Exception {
        Company company = battery.company();
        String admin = "Bearer " + company.adminToken();
        ok(battery.client().sendWithFailover(Call.of("PUT", "/companies/" + company.id() + "/payment-rails/stripe",
                Json.object("secretKey", SECRET_KEY, "webhookSecret", WEBHOOK_SECRET)).header("Authorization", admin)), 200);
        Company.Key key = company.key("shop", List.of("public_invoices:read", "public_invoices:write", "payments:create",
                "payments:read"), "erp", "live");
        String accountId = ok(battery.client().sendWithFailover(Call.post("/companies/" + company.id() + "/receiving-accounts",
                Json.object("bank", "Banco Nacional", "holder", "Ferreteria Acme C.A.", "currency", "USD",
                        "accountNumber", "VE12 0102 0000 1122 3344 5566")).header("Authorization", admin)), 201)
                .json().getString("id");
        Answer invoice = ok(battery.client().sendWithFailover(Call.post("/v1/invoices", Json.object("reference", "V-12.345.678",
                "provider", "erp", "amount", 20, "name", "Factura 0001")).header("Authorization", "Bearer " + key.secret())
                .header("x-idempotency", UUID.randomUUID().toString())), 201);
        String page = URI.create(invoice.json().getString("payment.payment_link")).getPath();
        String html = ok(battery.client().sendWithFailover(Call.get(page).header("Accept-Language", "es")), 200).body();
        Matcher reference = REFERENCE.matcher(html);
        assertThat(reference.find()).as("the transfer reference on the page").isTrue();
        return new World(company, key, accountId, invoice.json().getString("id"), reference.group(1));
    }

    private static Call statement(World world, String camt) {
        return new Call("POST", "/companies/" + world.company().id() + "/bank-statements",
                Map.of("Content-Type", "application/xml", "Authorization", "Bearer " + world.company().adminToken(),
                        "X-Receiving-Account", world.accountId()), camt);
    }

    private static String camt(String statementId, List<String> entries) {
        StringBuilder xml = new StringBuilder("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                + "<Document xmlns=\"urn:iso:std:iso:20022:tech:xsd:camt.053.001.08\"><BkToCstmrStmt>"
                + "<GrpHdr><MsgId>MSG-" + statementId + "</MsgId><CreDtTm>2026-11-27T18:00:00</CreDtTm></GrpHdr><Stmt><Id>")
                .append(statementId).append("</Id><Acct><Id><IBAN>VE1201020000112233445566</IBAN></Id><Ccy>USD</Ccy></Acct>\n");
        for (String entry : entries) {
            xml.append(entry).append('\n');
        }
        return xml.append("</Stmt></BkToCstmrStmt></Document>\n").toString();
    }

    private static String credit(String amount, String bankReference, String remittance) {
        return "<Ntry><Amt Ccy=\"USD\">" + amount + "</Amt><CdtDbtInd>CRDT</CdtDbtInd><BookgDt><Dt>2026-11-27</Dt></BookgDt>"
                + "<AcctSvcrRef>" + bankReference + "</AcctSvcrRef><NtryDtls><TxDtls><RmtInf><Ustrd>" + remittance
                + "</Ustrd></RmtInf></TxDtls></NtryDtls></Ntry>";
    }

    private static Call event(World world, String payload) {
        return Call.post("/webhooks/processors/stripe/" + world.company().id(), payload)
                .header(EventSigner.HEADER, new EventSigner(WEBHOOK_SECRET).sign(payload));
    }

    private static long number(String sql, Object... parameters) throws Exception {
        return battery.database().number(sql, parameters);
    }

    private static long paidEvents(World world) throws Exception {
        return number("SELECT count(*) FROM outbox_events WHERE type = 'invoice.paid' AND body LIKE ?",
                "%" + world.invoiceId() + "%");
    }

    @Test
    @Order(1)
    void givenOneCardPayment_whenEventsTwinEventsRecoveryPollsAndAStatementRaceOnBothInstances_thenItIsAppliedOnce()
            throws Exception {
        World world = world();
        String intent = "pi_race_" + world.company().id().toString().replace("-", "");
        stripe.paymentIntentCreated(StripeDouble.paymentIntentRequiringAction(intent, 2_000, "usd", Map.of(),
                "https://hooks.stripe.com/3ds/" + intent));
        stripe.paymentIntentsSearched(List.of(StripeDouble.paymentIntent(intent, "requires_action", 2_000, "usd", Map.of())));
        Answer created = ok(battery.client().sendWithFailover(Call.post("/external/payments/direct", Json.object(
                "amountMinor", 2_000, "currency", "USD", "paymentMethod", "pm_card_authenticationRequired",
                "redirectUrl", "https://shop.example/back", "invoiceId", world.invoiceId()))
                .header("X-API-Key", world.key().secret()).header("Idempotency-Key", UUID.randomUUID().toString())), 201);
        assertThat(created.json().getString("status")).isEqualTo("pending");
        String payment = created.json().getString("id");
        Map<String, String> tags = Map.of("recaudo_company_id", world.company().id().toString(),
                "recaudo_external_payment_id", payment);
        Map<String, Object> succeeded = StripeDouble.paymentIntent(intent, "succeeded", 2_000, "usd", tags);
        String same = EventSigner.event("evt_same_" + payment, "payment_intent.succeeded", succeeded);
        String twin = EventSigner.event("evt_twin_" + payment, "payment_intent.succeeded", succeeded);
        String transfer = camt("RACE-" + payment, List.of(credit("20.00", "RACE-" + payment, "Pago " + world.reference())));
        // Once the payment is older than the recovery's 1 s, the polls (about every second on both instances:
        // Quarkus runs sub-second intervals with a delay) ask about it; from the race on they find it succeeded.
        Thread.sleep(1_200);
        stripe.paymentIntentsSearched(List.of(succeeded));
        // When the transfer pays the invoice first, the card's money is the customer's credit, which goes back
        // through the rail (decisions.md, "Money a closed route took goes back through its rail").
        stripe.refundsListed(List.of());
        stripe.refundCreated(StripeDouble.refund("re_race_" + payment.replace("-", ""), intent, "succeeded", 2_000, "usd", tags));

        List<Answer> answers = Together.run(RACERS, i -> () -> battery.client().sendTo(i % 2, switch (i % 4) {
            case 0, 1 -> event(world, same);
            case 2 -> event(world, twin);
            default -> statement(world, transfer);
        }));

        for (int i = 0; i < RACERS; i++) {
            assertThat(answers.get(i).status()).as("racer %d: %s", i, answers.get(i)).isEqualTo(i % 4 == 3 ? 201 : 200);
        }
        Eventually.await("the payment completed", Duration.ofSeconds(20), () -> "completed".equals(battery.database().text(
                "SELECT status FROM external_payments WHERE id = ?::uuid", UUID.fromString(payment))));
        assertThat(paidEvents(world)).as("invoice.paid in the outbox").isEqualTo(1);
        assertThat(number("SELECT count(*) FROM processor_events WHERE company_id = ?", world.company().id()))
                .as("the event and its twin, each once").isEqualTo(2);
        assertThat(number("SELECT count(*) FROM bank_statement_entries WHERE account_id = ?::uuid",
                UUID.fromString(world.accountId()))).as("the transfer's entry, once").isEqualTo(1);
        assertThat(number("SELECT count(*) FROM (SELECT provider_payment_id FROM payments WHERE company_id = ?"
                + " GROUP BY provider_payment_id HAVING count(*) > 1) twice", world.company().id()))
                .as("no money recorded twice").isZero();
        long payments = number("SELECT count(*) FROM payments WHERE company_id = ?", world.company().id());
        assertThat(payments).as("the card payment and at most the transfer").isBetween(1L, 2L);
        assertThat(stripe.requests("POST", "/v1/payment_intents")).as("charged once").hasSize(1);
        JsonPath card = ok(battery.client().sendWithFailover(Call.get("/external/payments/" + payment)
                .header("X-API-Key", world.key().secret())), 200).json();
        assertThat(number("SELECT balance_minor FROM collection_documents WHERE id = ?::uuid", UUID.fromString(world.invoiceId())))
                .as("the invoice took its 20.00 once: nothing owed, nothing over-applied").isZero();
        boolean cardWon = card.getLong("totalAppliedMinor") == 2_000;
        if (!cardWon) {
            // The transfer paid the invoice first: the card's 20.00 applied nothing to it and is the customer's
            // credit, kept or on its way back through the rail (decisions.md, "Money a closed route took goes back
            // through its rail"); sent back at most under one Idempotency-Key however many instances send it.
            assertThat(card.getLong("totalAppliedMinor")).as("%s", card.prettify()).isZero();
            assertThat(card.getLong("creditCreatedMinor") + card.getLong("refundPendingMinor") + card.getLong("refundedMinor"))
                    .as("%s", card.prettify()).isEqualTo(2_000);
            assertThat(stripe.requests("POST", "/v1/refunds").stream().map(request -> request.getHeader("Idempotency-Key"))
                    .distinct().count()).as("at most one refund").isLessThanOrEqualTo(1);
        } else {
            assertThat(stripe.requests("POST", "/v1/refunds")).as("the card paid the invoice: nothing to give back").isEmpty();
        }
        System.out.printf("live races: %d payments, the %s paid the invoice%n", payments, cardWon ? "card" : "transfer");
        battery.assertInvariants();
    }

    @Test
    @Order(2)
    void givenALargeStatement_whenItsImportingInstanceIsKilled9AndTheStatementIsImportedAgain_thenNothingIsAppliedTwice()
            throws Exception {
        World world = world();
        List<String> entries = new java.util.ArrayList<>();
        entries.add(credit("20.00", "BIG-0", "Pago " + world.reference()));
        for (int i = 1; i < LARGE_STATEMENT_ENTRIES; i++) {
            entries.add(credit("1.00", "BIG-" + i, "pago " + i));
        }
        Call large = statement(world, camt("BIG-" + world.accountId(), entries));
        UUID account = UUID.fromString(world.accountId());
        CompletableFuture<Answer> cut = CompletableFuture.supplyAsync(() -> {
            try {
                return battery.client().sendTo(0, large);
            } catch (IOException killed) {
                return null;
            } catch (InterruptedException interrupted) {
                Thread.currentThread().interrupt();
                return null;
            }
        });

        Eventually.await("the first batch committed", Duration.ofSeconds(60),
                () -> number("SELECT count(*) FROM bank_statement_entries WHERE account_id = ?::uuid", account) > 0);
        assertThat(battery.instance(0).kill9()).as("kill -9").isEqualTo(137);
        long kept = number("SELECT count(*) FROM bank_statement_entries WHERE account_id = ?::uuid", account);
        assertThat(cut.get()).as("the killed instance gave no answer").isNull();
        assertThat(kept).as("killed mid-stream").isLessThan(LARGE_STATEMENT_ENTRIES);
        System.out.printf("live races: the import was killed with %d of %d entries kept%n", kept, LARGE_STATEMENT_ENTRIES);

        Answer again = ok(battery.client().sendTo(1, large), 201);

        assertThat(again.json().getLong("entriesAlreadySeen")).isEqualTo(kept);
        assertThat(again.json().getLong("entriesNew")).isEqualTo(LARGE_STATEMENT_ENTRIES - kept);
        assertThat(number("SELECT count(*) FROM bank_statement_entries WHERE account_id = ?::uuid", account))
                .isEqualTo(LARGE_STATEMENT_ENTRIES);
        assertThat(number("SELECT count(*) FROM collection_documents WHERE id = ?::uuid AND status = 'CONCILIATED'",
                UUID.fromString(world.invoiceId()))).isEqualTo(1);
        assertThat(paidEvents(world)).isEqualTo(1);
        assertThat(number("SELECT count(*) FROM payments WHERE company_id = ?", world.company().id())).isEqualTo(1);
        ok(battery.client().sendTo(1, large), 201);
        assertThat(paidEvents(world)).isEqualTo(1);
        battery.assertInvariants();
    }
}
