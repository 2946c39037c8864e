package dev.recaudo.battery;

import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Issue 25: the battery's races with both instances reaching PostgreSQL through PgBouncer in
 * transaction pooling ({@link PgBouncer}), as many instances share one database in production: the
 * tests of {@link HotDocumentIT}, {@link IdempotencyRaceIT} and {@link InvoiceRacesIT}, unchanged, on
 * one battery routed through it (one battery's start for the three).
 */
class RacesThroughPgBouncerIT {

    private static Battery throughPgBouncer() throws Exception {
        Map<String, String> environment = new HashMap<>(Battery.LOOPBACK_RECEIVERS);
        environment.putAll(PgBouncer.ROUTE);
        return Battery.shared(environment);
    }

    @Test
    void givenTheHotDocumentRace_whenThroughPgBouncer_thenItHoldsAsWhenDirect() throws Exception {
        new HotDocumentIT() {
            @Override
            Battery battery() throws Exception {
                return throughPgBouncer();
            }
        }.givenOneDocument_whenHundredsOfPaymentsForItsWholeBalanceRace_thenAtMostTheBalanceIsAppliedAndNoDatabaseErrorReachesAClient();
    }

    @Test
    void givenTheIdempotencyRace_whenThroughPgBouncer_thenItHoldsAsWhenDirect() throws Exception {
        new IdempotencyRaceIT() {
            @Override
            Battery battery() throws Exception {
                return throughPgBouncer();
            }
        }.givenOneKeyFrom50ThreadsOnBothInstances_whenReleasedTogether_thenOneDocumentPerRoundAndOnlyTheOriginalOrInProgress();
    }

    @Test
    void givenTheInvoiceRaces_whenThroughPgBouncer_thenTheyHoldAsWhenDirect() throws Exception {
        new InvoiceRacesIT() {
            @Override
            Battery battery() throws Exception {
                return throughPgBouncer();
            }
        }.givenSettlementsAnnulmentAndPutsOnOneInvoice_whenRacingOnBothInstances_thenLegalStateAndOneInvoicePaidPerPaidInvoice();
    }
}
