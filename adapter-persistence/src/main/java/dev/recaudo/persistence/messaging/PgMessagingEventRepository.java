package dev.recaudo.persistence.messaging;

import static dev.recaudo.persistence.common.Rows.instant;
import static dev.recaudo.persistence.common.Rows.optionalInstant;
import static dev.recaudo.persistence.common.Rows.uuid;

import dev.recaudo.domain.company.CompanyId;
import dev.recaudo.domain.messaging.EventFilter;
import dev.recaudo.domain.messaging.EventSummary;
import dev.recaudo.domain.messaging.MessageStatus;
import dev.recaudo.domain.messaging.MessagingEvent;
import dev.recaudo.domain.messaging.MessagingEventRepository;
import dev.recaudo.persistence.common.DynamicSql;
import dev.recaudo.persistence.common.NativeSql;
import dev.recaudo.persistence.common.StoreFailures;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * Events are inserted in one statement per batch, which also adds them to {@code whatsapp_event_days};
 * a deletion takes them out of it in its own statement (a trigger, V0038, so that every deletion does,
 * retention's and an operator's alike).
 * A summary reads whole UTC days from that rollup and counts only the partial days at the edges of
 * the window in the events table (docs/performance.md); with a phone filter, which the rollup cannot
 * answer, it counts the events through the trigram index on the digits of the recipient phone.
 */
@ApplicationScoped
@StoreFailures
public class PgMessagingEventRepository implements MessagingEventRepository {

    /**
     * The digits of the stored recipient phone, written exactly as the expression of the trigram
     * index {@code whatsapp_events_phone_digit_trigrams} (V0037), so the planner can use it.
     */
    private static final String PHONE_DIGITS = "regexp_replace(recipient_phone, '[^0-9]', '', 'g')";

    @Inject
    NativeSql nativeSql;

    @Override
    public int insertAll(List<MessagingEvent> events) {
        if (events.isEmpty()) {
            return 0;
        }
        return nativeSql.queryOne("WITH stored AS ("
                        + " INSERT INTO whatsapp_events (id, company_id, phone_number_id, message_id, status, recipient_phone,"
                        + " provider_timestamp, received_at, error_code, error_title)"
                        + " SELECT e.id::uuid, e.company_id::uuid, e.phone_number_id, e.message_id, e.status, e.recipient_phone,"
                        + " e.provider_timestamp::timestamptz, e.received_at::timestamptz, e.error_code, e.error_title"
                        + " FROM unnest(?, ?, ?, ?, ?, ?, ?, ?, ?, ?) AS e(id, company_id, phone_number_id, message_id, status,"
                        + " recipient_phone, provider_timestamp, received_at, error_code, error_title)"
                        + " ON CONFLICT (company_id, message_id, status) DO NOTHING"
                        + " RETURNING company_id, (received_at AT TIME ZONE 'UTC')::date AS day, status),"
                        + " counted AS (INSERT INTO whatsapp_event_days (company_id, day, status, events)"
                        + " SELECT company_id, day, status, count(*) FROM stored GROUP BY company_id, day, status"
                        + " ON CONFLICT (company_id, day, status) DO UPDATE"
                        + " SET events = whatsapp_event_days.events + excluded.events)"
                        + " SELECT count(*) FROM stored",
                        row -> row.getInt(1),
                        column(events, event -> event.id().toString()),
                        column(events, event -> event.companyId().value().toString()),
                        column(events, MessagingEvent::phoneNumberId),
                        column(events, MessagingEvent::messageId),
                        column(events, event -> event.status().wireName()),
                        column(events, MessagingEvent::recipientPhone),
                        column(events, event -> event.providerTimestamp().map(Instant::toString).orElse(null)),
                        column(events, event -> event.receivedAt().toString()),
                        column(events, event -> event.errorCode().orElse(null)),
                        column(events, event -> event.errorTitle().orElse(null)))
                .orElse(0);
    }

    private static NativeSql.TextArray column(List<MessagingEvent> events, Function<MessagingEvent, String> value) {
        List<String> values = new ArrayList<>(events.size());
        events.forEach(event -> values.add(value.apply(event)));
        return new NativeSql.TextArray(values);
    }

    @Override
    public EventSummary summary(CompanyId companyId, EventFilter filter) {
        if (filter.phoneDigits().isPresent()) {
            return countEvents(companyId, filter);
        }
        Optional<LocalDate> firstWholeDay = filter.from().map(from -> dayOf(from.plus(1, ChronoUnit.DAYS).minusNanos(1000)));
        Optional<LocalDate> afterLastWholeDay = filter.before().map(PgMessagingEventRepository::dayOf);
        if (firstWholeDay.isPresent() && afterLastWholeDay.isPresent()
                && !firstWholeDay.get().isBefore(afterLastWholeDay.get())) {
            return countEvents(companyId, filter); // less than one whole day: the events index is enough
        }
        Map<MessageStatus, Long> counts = new EnumMap<>(MessageStatus.class);
        DynamicSql days = new DynamicSql("SELECT status, sum(events) FROM whatsapp_event_days WHERE company_id = ?",
                        companyId.value())
                .when(firstWholeDay, " AND day >= ?")
                .when(afterLastWholeDay, " AND day < ?")
                .when(filter.status().map(MessageStatus::wireName), " AND status = ?")
                .append(" GROUP BY status");
        add(counts, nativeSql.query(days, PgMessagingEventRepository::statusCount));
        // The partial days at the edges: from the window's start to its first whole day, and from
        // the end of its last whole day to the window's end; an edge that is empty (a window
        // starting or ending at midnight) costs no statement.
        firstWholeDay.map(PgMessagingEventRepository::startOf).filter(start -> filter.from().get().isBefore(start))
                .ifPresent(start -> add(counts, edge(companyId, filter, filter.from().get(), start)));
        afterLastWholeDay.map(PgMessagingEventRepository::startOf).filter(end -> end.isBefore(filter.before().get()))
                .ifPresent(end -> add(counts, edge(companyId, filter, end, filter.before().get())));
        return summaryOf(counts);
    }

    /** Events received in [from, before). */
    private List<Map.Entry<MessageStatus, Long>> edge(CompanyId companyId, EventFilter filter, Instant from, Instant before) {
        return countRows(companyId, new EventFilter(Optional.of(from), Optional.of(before), filter.phoneDigits(),
                filter.status()));
    }

    private EventSummary countEvents(CompanyId companyId, EventFilter filter) {
        Map<MessageStatus, Long> counts = new EnumMap<>(MessageStatus.class);
        add(counts, countRows(companyId, filter));
        return summaryOf(counts);
    }

    private List<Map.Entry<MessageStatus, Long>> countRows(CompanyId companyId, EventFilter filter) {
        DynamicSql sql = matching("SELECT status, count(*) FROM whatsapp_events WHERE company_id = ?", companyId, filter)
                .append(" GROUP BY status");
        return nativeSql.query(sql, PgMessagingEventRepository::statusCount);
    }

    @Override
    public List<MessagingEvent> page(CompanyId companyId, EventFilter filter, long offset, int limit) {
        DynamicSql sql = matching("SELECT e.* FROM whatsapp_events e JOIN (SELECT id FROM whatsapp_events"
                        + " WHERE company_id = ?", companyId, filter)
                .append(" ORDER BY received_at DESC, id DESC LIMIT ? OFFSET ?) page ON page.id = e.id"
                        + " ORDER BY e.received_at DESC, e.id DESC", limit, offset);
        return nativeSql.query(sql, PgMessagingEventRepository::event);
    }

    /** {@code select}, whose one placeholder is the company, narrowed to the company's events the filter matches. */
    private static DynamicSql matching(String select, CompanyId companyId, EventFilter filter) {
        return new DynamicSql(select, companyId.value())
                .when(filter.from(), " AND received_at >= ?")
                .when(filter.before(), " AND received_at < ?")
                .when(filter.phoneDigits().map(DynamicSql::containing), " AND " + PHONE_DIGITS + " LIKE ?")
                .when(filter.status().map(MessageStatus::wireName), " AND status = ?");
    }

    private static LocalDate dayOf(Instant instant) {
        return instant.atOffset(ZoneOffset.UTC).toLocalDate();
    }

    private static Instant startOf(LocalDate day) {
        return day.atStartOfDay().toInstant(ZoneOffset.UTC);
    }

    private static EventSummary summaryOf(Map<MessageStatus, Long> counts) {
        return EventSummary.of(counts.getOrDefault(MessageStatus.SENT, 0L), counts.getOrDefault(MessageStatus.DELIVERED, 0L),
                counts.getOrDefault(MessageStatus.READ, 0L), counts.getOrDefault(MessageStatus.FAILED, 0L));
    }

    private static void add(Map<MessageStatus, Long> counts, List<Map.Entry<MessageStatus, Long>> rows) {
        rows.forEach(row -> counts.merge(row.getKey(), row.getValue(), Long::sum));
    }

    private static Map.Entry<MessageStatus, Long> statusCount(ResultSet row) throws SQLException {
        return Map.entry(MessageStatus.fromWireName(row.getString(1)).orElseThrow(), row.getLong(2));
    }

    private static MessagingEvent event(ResultSet row) throws SQLException {
        return new MessagingEvent(uuid(row, "id"), new CompanyId(uuid(row, "company_id")), row.getString("phone_number_id"),
                row.getString("message_id"), MessageStatus.fromWireName(row.getString("status")).orElseThrow(),
                row.getString("recipient_phone"), optionalInstant(row, "provider_timestamp"), instant(row, "received_at"),
                Optional.ofNullable(row.getString("error_code")), Optional.ofNullable(row.getString("error_title")));
    }
}
