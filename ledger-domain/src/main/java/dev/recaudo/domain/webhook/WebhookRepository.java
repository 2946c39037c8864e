package dev.recaudo.domain.webhook;

import dev.recaudo.domain.company.CompanyId;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/** Port: endpoints, deliveries and attempts, as administrators register, read and redeliver them. */
public interface WebhookRepository {

    void insertEndpoint(WebhookEndpoint endpoint);

    List<WebhookEndpoint> listEndpoints(CompanyId companyId);

    int countEndpoints(CompanyId companyId);

    Optional<WebhookEndpoint> findEndpoint(CompanyId companyId, UUID endpointId);

    /**
     * The same, its row locked until the transaction ends: two rotations of one endpoint run one
     * after the other, so each replaces the secret the other stored and none is lost.
     */
    Optional<WebhookEndpoint> lockEndpoint(CompanyId companyId, UUID endpointId);

    /** Stores a locked endpoint's secrets after a rotation. */
    void replaceSecrets(CompanyId companyId, UUID endpointId, EndpointSecrets secrets);

    /** Removes the endpoint; its pending deliveries will not be sent. */
    void deleteEndpoint(CompanyId companyId, UUID endpointId);

    /** Newest first, with their attempts. */
    List<WebhookDelivery> listDeliveries(CompanyId companyId, UUID endpointId, int limit);

    /** Makes a delivery of the company's endpoint pending and due now, with a fresh attempt budget. */
    Optional<WebhookDelivery> redeliver(CompanyId companyId, UUID endpointId, UUID deliveryId, Instant now);
}
