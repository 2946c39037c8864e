package dev.recaudo.persistence.janitor;

import static org.assertj.core.api.Assertions.assertThat;

import dev.recaudo.persistence.common.PersistenceSettings;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ExpiredRowsJanitorTest {

    private static final PersistenceSettings.Janitor THREE_BATCHES_OF_TEN = new PersistenceSettings.Janitor() {
        @Override
        public int batchSize() {
            return 10;
        }

        @Override
        public int batchesPerRunMax() {
            return 3;
        }
    };

    @Test
    void givenFewerRowsThanABatch_whenPurged_thenOneBatchRuns() {
        List<Integer> asked = new ArrayList<>();

        ExpiredRowsJanitor.inBatches(THREE_BATCHES_OF_TEN, batchSize -> {
            asked.add(batchSize);
            return 4;
        });

        assertThat(asked).containsExactly(10);
    }

    @Test
    void givenFullBatchesThenAShortOne_whenPurged_thenItStopsAfterTheShortOne() {
        List<Integer> removed = new ArrayList<>(List.of(10, 7, 10));
        List<Integer> runs = new ArrayList<>();

        ExpiredRowsJanitor.inBatches(THREE_BATCHES_OF_TEN, batchSize -> {
            runs.add(batchSize);
            return removed.remove(0);
        });

        assertThat(runs).hasSize(2);
    }

    @Test
    void givenMoreRowsThanARunMayRemove_whenPurged_thenItStopsAtTheMaximumBatches() {
        List<Integer> runs = new ArrayList<>();

        ExpiredRowsJanitor.inBatches(THREE_BATCHES_OF_TEN, batchSize -> {
            runs.add(batchSize);
            return batchSize;
        });

        assertThat(runs).hasSize(3);
    }

    @Test
    void givenAuditRecordsKeptForever_whenCutoffsAreTaken_thenEveryOtherKindGoesAfterItsDaysAndAuditRecordsNever() {
        Instant now = Instant.parse("2026-11-26T08:00:00Z");
        PersistenceSettings.Retention retention = new PersistenceSettings.Retention() {
            @Override
            public int webhookDeliveriesDays() {
                return 90;
            }

            @Override
            public int whatsappEventsDays() {
                return 1;
            }

            @Override
            public int auditRecordsDays() {
                return 0;
            }
        };

        Map<RetainedRecords, Instant> cutoffs = ExpiredRowsJanitor.cutoffs(retention, now);

        assertThat(cutoffs).containsExactly(
                Map.entry(RetainedRecords.WEBHOOK_DELIVERIES, now.minus(Duration.ofDays(90))),
                Map.entry(RetainedRecords.OUTBOX_EVENTS, now.minus(Duration.ofDays(90))),
                Map.entry(RetainedRecords.CALLBACK_TARGET_HEALTH, now.minus(Duration.ofDays(90))),
                Map.entry(RetainedRecords.WHATSAPP_EVENTS, now.minus(Duration.ofDays(1))));
    }
}
