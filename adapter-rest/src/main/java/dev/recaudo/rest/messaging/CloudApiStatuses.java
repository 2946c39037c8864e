package dev.recaudo.rest.messaging;

import com.fasterxml.jackson.databind.JsonNode;
import dev.recaudo.application.messaging.MessagingEventsUseCase.StatusReport;
import dev.recaudo.domain.messaging.MessageStatus;
import dev.recaudo.domain.messaging.MessagingEvent;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * Reads the statuses out of a WhatsApp Cloud API webhook body: every
 * {@code entry[].changes[].value.statuses[]}, with the origin from {@code value.metadata.phone_number_id}.
 * Changes without statuses (incoming messages, other fields) are not statuses and are passed over;
 * a malformed status is skipped and named to {@code skipped}, so it never costs the others.
 */
final class CloudApiStatuses {

    static final int ORIGIN_MAX = 64;

    private CloudApiStatuses() {}

    static List<StatusReport> read(JsonNode body, Consumer<String> skipped) {
        List<StatusReport> reports = new ArrayList<>();
        JsonNode entries = body.path("entry");
        for (int e = 0; e < entries.size(); e++) {
            JsonNode changes = entries.get(e).path("changes");
            for (int c = 0; c < changes.size(); c++) {
                JsonNode value = changes.get(c).path("value");
                JsonNode statuses = value.path("statuses");
                if (!statuses.isArray() || statuses.isEmpty()) {
                    continue;
                }
                String where = "entry[" + e + "].changes[" + c + "]";
                Optional<String> origin = text(value.path("metadata").path("phone_number_id"), ORIGIN_MAX);
                if (origin.isEmpty()) {
                    skipped.accept(where + ": no usable value.metadata.phone_number_id");
                    continue;
                }
                for (int s = 0; s < statuses.size(); s++) {
                    Optional<StatusReport> report = status(origin.get(), statuses.get(s));
                    if (report.isPresent()) {
                        reports.add(report.get());
                    } else {
                        skipped.accept(where + ".value.statuses[" + s + "]: missing or invalid id, status or recipient_id");
                    }
                }
            }
        }
        return reports;
    }

    private static Optional<StatusReport> status(String origin, JsonNode status) {
        Optional<String> id = text(status.path("id"), MessagingEvent.MESSAGE_ID_MAX);
        Optional<MessageStatus> state = text(status.path("status"), 20).flatMap(MessageStatus::fromWireName);
        Optional<String> recipient = text(status.path("recipient_id"), MessagingEvent.PHONE_MAX);
        if (id.isEmpty() || state.isEmpty() || recipient.isEmpty()) {
            return Optional.empty();
        }
        JsonNode error = status.path("errors").path(0);
        Optional<String> errorCode = error.path("code").isIntegralNumber() ? Optional.of(error.path("code").asText())
                : text(error.path("code"), MessagingEvent.ERROR_CODE_MAX);
        Optional<String> errorTitle = text(error.path("title"), Integer.MAX_VALUE)
                .map(title -> title.length() > MessagingEvent.ERROR_TITLE_MAX ? title.substring(0, MessagingEvent.ERROR_TITLE_MAX)
                        : title);
        return Optional.of(new StatusReport(origin, id.get(), state.get(), recipient.get(), timestamp(status.path("timestamp")),
                errorCode.filter(code -> code.length() <= MessagingEvent.ERROR_CODE_MAX), errorTitle));
    }

    /** The provider sends Unix seconds as a string; anything else (or out of range) is kept as unknown. */
    private static Optional<Instant> timestamp(JsonNode node) {
        String text = node.isTextual() ? node.textValue() : node.isIntegralNumber() ? node.asText() : "";
        if (!text.matches("[0-9]{1,11}")) {
            return Optional.empty();
        }
        long seconds = Long.parseLong(text);
        return seconds <= 253_402_300_799L ? Optional.of(Instant.ofEpochSecond(seconds)) : Optional.empty();
    }

    /** Text without control characters or lone surrogates (which PostgreSQL or a log could not keep). */
    private static Optional<String> text(JsonNode node, int max) {
        if (!node.isTextual()) {
            return Optional.empty();
        }
        String text = node.textValue();
        if (text.isBlank() || text.length() > max) {
            return Optional.empty();
        }
        for (int i = 0; i < text.length(); i++) {
            char ch = text.charAt(i);
            boolean paired = Character.isHighSurrogate(ch) && i + 1 < text.length()
                    && Character.isLowSurrogate(text.charAt(i + 1));
            if (ch < 0x20 || ch == 0x7f || (Character.isSurrogate(ch) && !paired)) {
                return Optional.empty();
            }
            if (paired) {
                i++;
            }
        }
        return Optional.of(text);
    }
}
