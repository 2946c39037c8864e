package dev.recaudo.battery;

import static org.assertj.core.api.Assertions.assertThat;

import dev.recaudo.battery.BatteryClient.Answer;
import dev.recaudo.battery.BatteryClient.Call;
import dev.recaudo.e2e.support.Partner;
import dev.recaudo.e2e.support.SignatureClock;
import dev.recaudo.e2e.support.Signer;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;

/**
 * A partner's signed calls on the integrations API (the signature is the tests' own
 * {@link Signer}, written independently of the service). Methods named for a write return the
 * {@link Call}, so the test chooses how it is sent (one instance, round robin, with failover) and
 * may send it again with the same {@code Idempotency-Key}.
 */
public record IntegrationsPartner(Company company, Company.Key key) {

    public static final List<String> PERMISSIONS = Partner.ALL;

    /** The integrations path of this company: {@code /integrations/v1/<companyId>} then {@code path}. */
    public String path(String path) {
        return "/integrations/v1/" + company.id() + path;
    }

    /**
     * A signed POST of {@code body} to the company's {@code path}, carrying {@code idempotencyKey}; the
     * same write under another key in the same second is signed in the next ({@link SignatureClock}).
     */
    public Call post(String path, String body, String idempotencyKey) {
        Call call = Call.post(path(path), body);
        return signed(call, SignatureClock.timestamp(key.secret(), call.method(), call.path(), body, idempotencyKey))
                .header("Idempotency-Key", idempotencyKey);
    }

    /** A signed GET of the company's {@code path} (no query string: the signature covers the path). */
    public Call get(String path) {
        return signed(Call.get(path(path)), Signer.now());
    }

    /** A signed GET of the company's {@code path} with {@code query}, which the signature does not cover. */
    public Call get(String path, String query) {
        Call signed = get(path);
        return new Call(signed.method(), signed.path() + "?" + query, signed.headers(), signed.body());
    }

    /**
     * The upsert of a one-line document of {@code amountMinor} for customer {@code customerExternalId},
     * whose profile carries the personal data of {@link #customer}: the log scan looks for them.
     */
    public Call upsertDocument(String externalDocumentId, String customerExternalId, String currency, long amountMinor,
            String idempotencyKey) {
        Map<String, Object> line = Map.of("quantity", 1, "unitAmountMinor", amountMinor, "amountMinor", amountMinor,
                "description", "Servicio");
        return post("/collection-documents/upsert", Json.object("source", key.source(), "externalDocumentId", externalDocumentId,
                "customerExternalId", customerExternalId, "customer", customer(customerExternalId), "currency", currency,
                "invoiceNumber", "F-" + externalDocumentId, "lines", List.of(line)), idempotencyKey);
    }

    /**
     * The profile of customer {@code customerExternalId} of this company: a business with an e-mail
     * address, a phone number and a tax id of its own, the same on every call.
     */
    public Map<String, Object> customer(String customerExternalId) {
        String owner = company.id() + "/" + customerExternalId;
        long digits = Math.floorMod(owner.hashCode(), 10_000_000L);
        return Map.of("type", "business", "name", "Cliente " + customerExternalId,
                "email", "cobros-" + company.id().toString().substring(0, 8) + "-" + customerExternalId.toLowerCase(Locale.ROOT) + "@cliente.test",
                "phone", String.format("+58414%07d", digits),
                "taxId", String.format("J-%08d-%d", digits, digits % 10));
    }

    /** Creates the document through the next instance (failing over), asserting {@code 201}. */
    public void createDocument(String externalDocumentId, String customerExternalId, String currency, long amountMinor)
            throws Exception {
        Answer answer = company.client().sendWithFailover(
                upsertDocument(externalDocumentId, customerExternalId, currency, amountMinor, UUID.randomUUID().toString()));
        assertThat(answer.status()).as("document %s: %s", externalDocumentId, answer).isEqualTo(201);
    }

    /**
     * A verified payment of {@code amountMinor} in {@code currency}; {@code documents} are pairs of
     * externalDocumentId and amountMinor.
     */
    public Call verifiedPayment(String externalPaymentId, String customerExternalId, long amountMinor, String currency,
            String idempotencyKey, Object... documents) {
        return post("/verified-payments", Partner.payment(externalPaymentId, customerExternalId, amountMinor, currency, documents),
                idempotencyKey);
    }

    private Call signed(Call call, String timestamp) {
        return call.header("Authorization", "Bearer " + key.secret())
                .header("Service-Timestamp", timestamp)
                .header("Service-Signature", Signer.sign(key.secret(), timestamp, call.method(), call.path(), call.body()));
    }
}
