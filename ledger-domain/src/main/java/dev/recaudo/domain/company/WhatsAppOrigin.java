package dev.recaudo.domain.company;

import java.time.Instant;
import java.util.Objects;
import java.util.UUID;

/**
 * A confirmed messaging origin: the WhatsApp Cloud API phone number (its {@code phone_number_id})
 * through which a company sends messages. Status events are attributed to the company that owns it.
 */
public record WhatsAppOrigin(
        UUID id, CompanyId companyId, String phoneNumberId, String displayPhoneNumber, Instant createdAt) {

    public WhatsAppOrigin {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(companyId, "companyId");
        Objects.requireNonNull(phoneNumberId, "phoneNumberId");
        Objects.requireNonNull(displayPhoneNumber, "displayPhoneNumber");
        Objects.requireNonNull(createdAt, "createdAt");
    }
}
