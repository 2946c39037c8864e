package dev.recaudo.application.ledger;

import static org.assertj.core.api.Assertions.assertThat;

import dev.recaudo.domain.ledger.InvariantViolation;
import dev.recaudo.domain.ledger.LedgerAudit;
import dev.recaudo.domain.ledger.LedgerCheck;
import dev.recaudo.domain.ledger.LedgerInvariant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class LedgerAuditServiceTest {

    private final List<LogRecord> logged = new CopyOnWriteArrayList<>();
    private final Logger logger = Logger.getLogger(LedgerAuditService.class.getName());
    private final Handler capture = new Handler() {
        @Override
        public void publish(LogRecord record) {
            logged.add(record);
        }

        @Override
        public void flush() {}

        @Override
        public void close() {}
    };

    @BeforeEach
    void capture() {
        logger.addHandler(capture);
    }

    @AfterEach
    void release() {
        logger.removeHandler(capture);
    }

    @Test
    void givenMoreViolationsThanShown_whenChecked_thenEachShownOneAndTheRestsCountAreLoggedAtError() {
        List<InvariantViolation> shown = IntStream.range(0, 3)
                .mapToObj(i -> new InvariantViolation(LedgerInvariant.I4, "transfer t-" + i + " (DOCUMENT_ISSUED)")).toList();
        LedgerCheck check = new LedgerCheck(Map.of(LedgerInvariant.I4, 5L), shown);
        LedgerAudit.Outcome outcome = new LedgerAuditService(() -> new LedgerAudit.Completed(check)).check();

        assertThat(outcome).isEqualTo(new LedgerAudit.Completed(check));
        assertThat(logged).allMatch(record -> record.getLevel() == Level.SEVERE);
        assertThat(logged).map(LedgerAuditServiceTest::text).containsExactly(
                "Ledger invariant broken: I4 every transfer balances: transfer t-0 (DOCUMENT_ISSUED)",
                "Ledger invariant broken: I4 every transfer balances: transfer t-1 (DOCUMENT_ISSUED)",
                "Ledger invariant broken: I4 every transfer balances: transfer t-2 (DOCUMENT_ISSUED)",
                "Ledger invariant broken: I4 every transfer balances: and 2 more rows");
    }

    @Test
    void givenAHealthyLedgerOrAnotherInstanceChecking_whenChecked_thenNothingIsLogged() {
        new LedgerAuditService(() -> new LedgerAudit.Completed(new LedgerCheck(Map.of(), List.of()))).check();
        LedgerAudit.Outcome elsewhere = new LedgerAuditService(LedgerAudit.CheckedElsewhere::new).check();

        assertThat(elsewhere).isInstanceOf(LedgerAudit.CheckedElsewhere.class);
        assertThat(logged).isEmpty();
    }

    private static String text(LogRecord record) {
        return java.text.MessageFormat.format(record.getMessage(), record.getParameters());
    }
}
