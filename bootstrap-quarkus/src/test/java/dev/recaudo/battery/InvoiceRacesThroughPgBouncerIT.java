package dev.recaudo.battery;

import java.util.HashMap;
import java.util.Map;

/**
 * Issue 25: {@link InvoiceRacesIT} with both instances reaching PostgreSQL through PgBouncer in
 * transaction pooling ({@link PgBouncer}), as many instances share one database in production.
 */
class InvoiceRacesThroughPgBouncerIT extends InvoiceRacesIT {

    @Override
    Battery battery() throws Exception {
        Map<String, String> environment = new HashMap<>(Battery.LOOPBACK_RECEIVERS);
        environment.putAll(PgBouncer.ROUTE);
        return Battery.shared(environment);
    }
}
