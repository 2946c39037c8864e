package dev.recaudo.persistence.janitor;

import static org.assertj.core.api.Assertions.assertThat;

import dev.recaudo.persistence.common.PersistenceSettings;
import java.util.ArrayList;
import java.util.List;
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
}
