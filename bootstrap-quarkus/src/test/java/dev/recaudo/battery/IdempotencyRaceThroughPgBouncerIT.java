package dev.recaudo.battery;

/**
 * Issue 25: {@link IdempotencyRaceIT} with both instances reaching PostgreSQL through PgBouncer in
 * transaction pooling ({@link PgBouncer}), as many instances share one database in production.
 */
class IdempotencyRaceThroughPgBouncerIT extends IdempotencyRaceIT {

    @Override
    Battery battery() throws Exception {
        return Battery.shared(PgBouncer.ROUTE);
    }
}
