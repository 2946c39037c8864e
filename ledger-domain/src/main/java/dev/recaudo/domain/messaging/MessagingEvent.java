package dev.recaudo.domain.messaging;

import dev.recaudo.domain.company.CompanyId;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;
import java.util.UUID;

/**
 * One status of one message, attributed to the company whose origin sent it.
 *
 * @param phoneNumberId the origin ({@code value.metadata.phone_number_id}) that reported it
 * @param providerTimestamp when the provider says the status happened ({@code statuses[].timestamp})
 * @param receivedAt when Recaudo received it
 */
public record MessagingEvent(UUID id, CompanyId companyId, String phoneNumberId, String messageId, MessageStatus status,
        String recipientPhone, Optional<Instant> providerTimestamp, Instant receivedAt, Optional<String> errorCode,
        Optional<String> errorTitle) {

    public static final int MESSAGE_ID_MAX = 256;
    public static final int PHONE_MAX = 64;
    public static final int ERROR_CODE_MAX = 64;
    public static final int ERROR_TITLE_MAX = 500;

    public MessagingEvent {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(companyId, "companyId");
        Objects.requireNonNull(phoneNumberId, "phoneNumberId");
        Objects.requireNonNull(status, "status");
        Objects.requireNonNull(providerTimestamp, "providerTimestamp");
        Objects.requireNonNull(receivedAt, "receivedAt");
        Objects.requireNonNull(errorCode, "errorCode");
        Objects.requireNonNull(errorTitle, "errorTitle");
        if (messageId == null || messageId.isBlank() || messageId.length() > MESSAGE_ID_MAX) {
            throw new IllegalArgumentException("a message id has 1 to " + MESSAGE_ID_MAX + " characters");
        }
        if (recipientPhone == null || recipientPhone.isBlank() || recipientPhone.length() > PHONE_MAX) {
            throw new IllegalArgumentException("a recipient phone has 1 to " + PHONE_MAX + " characters");
        }
    }
}
