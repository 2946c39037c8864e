package dev.recaudo.domain.document;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import org.junit.jupiter.api.Test;

class ChannelTest {

    private static final ZoneId BOGOTA = ZoneId.of("America/Bogota");

    @Test
    void aPublicInvoiceIsDueOnItsCalendarDateWhereverTheCompanyIs() {
        // The public invoice API keeps a due date as that date's midnight in UTC.
        assertThat(Channel.PUBLIC_INVOICE.dueDay(Instant.parse("2026-05-01T00:00:00Z"), BOGOTA)).isEqualTo(LocalDate.parse("2026-05-01"));
    }

    @Test
    void anIntegrationsDueMomentIsADayOfTheCompanysCalendar() {
        assertThat(Channel.INTEGRATION.dueDay(Instant.parse("2026-05-01T03:59:59Z"), BOGOTA)).isEqualTo(LocalDate.parse("2026-04-30"));
        assertThat(Channel.INTEGRATION.dueDay(Instant.parse("2026-05-01T05:00:00Z"), BOGOTA)).isEqualTo(LocalDate.parse("2026-05-01"));
    }
}
