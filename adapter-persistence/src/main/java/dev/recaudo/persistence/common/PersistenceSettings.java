package dev.recaudo.persistence.common;

/**
 * What the persistence adapter reads from configuration ({@code recaudo.*}). Names, defaults and
 * bounds are declared once, in bootstrap's {@code RecaudoConfig}, which implements this view.
 */
public interface PersistenceSettings {

    Database database();

    Idempotency idempotency();

    Janitor janitor();

    interface Database {
        /** Create the database named in the JDBC URL when it does not exist. */
        boolean createIfMissing();
    }

    interface Idempotency {
        /** How long a twin request waits for the first one before hearing it is in progress. */
        long waitMillis();

        int retentionDays();
    }

    /** Purges of expired rows (idempotency records, rate-limit counters), in bounded batches. */
    interface Janitor {
        int batchSize();

        int batchesPerRunMax();
    }
}
