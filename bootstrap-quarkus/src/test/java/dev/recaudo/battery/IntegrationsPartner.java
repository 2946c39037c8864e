package dev.recaudo.battery;

import static org.assertj.core.api.Assertions.assertThat;

import dev.recaudo.battery.BatteryClient.Answer;
import dev.recaudo.battery.BatteryClient.Call;
import dev.recaudo.e2e.support.Partner;
import dev.recaudo.e2e.support.Signer;
import java.util.List;
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

    /** A signed POST of {@code body} to the company's {@code path}, carrying {@code idempotencyKey}. */
    public Call post(String path, String body, String idempotencyKey) {
        return signed(Call.post(path(path), body)).header("Idempotency-Key", idempotencyKey);
    }

    /** A signed GET of the company's {@code path} (no query string: the signature covers the path). */
    public Call get(String path) {
        return signed(Call.get(path(path)));
    }

    /** The upsert of a one-line document of {@code amountMinor} for customer {@code customerExternalId}. */
    public Call upsertDocument(String externalDocumentId, String customerExternalId, String currency, long amountMinor,
            String idempotencyKey) {
        return post("/collection-documents/upsert",
                Partner.document(externalDocumentId, customerExternalId, currency, amountMinor), idempotencyKey);
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

    private Call signed(Call call) {
        String timestamp = Signer.now();
        return call.header("Authorization", "Bearer " + key.secret())
                .header("Service-Timestamp", timestamp)
                .header("Service-Signature", Signer.sign(key.secret(), timestamp, call.method(), call.path(), call.body()));
    }
}
