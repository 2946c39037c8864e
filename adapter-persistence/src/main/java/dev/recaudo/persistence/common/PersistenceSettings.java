package dev.recaudo.persistence.common;

/**
 * What the persistence adapter reads from configuration ({@code recaudo.*}). Names, defaults and
 * bounds are declared once, in bootstrap's {@code RecaudoConfig}, which implements this view.
 */
public interface PersistenceSettings {

    Database database();

    Idempotency idempotency();

    Janitor janitor();

    Retention retention();

    Invariants invariants();

    interface Database {
        /** Create the database named in the JDBC URL when it does not exist. */
        boolean createIfMissing();
    }

    interface Idempotency {
        /** How long a twin request waits for the first one before hearing it is in progress. */
        long waitMillis();

        int retentionDays();
    }

    /** Purges of expired rows (idempotency records, rate-limit counters, records past their retention), in bounded batches. */
    interface Janitor {
        int batchSize();

        int batchesPerRunMax();
    }

    /** Days each kind of record is kept before the janitor deletes it; 0 keeps it forever. */
    interface Retention {
        int webhookDeliveriesDays();

        int callbackAttemptsDays();

        int whatsappEventsDays();

        int auditRecordsDays();
    }

    /** The scheduled check of the ledger invariants. */
    interface Invariants {
        /** The longest one check's statements may run before the database cancels them. */
        int timeoutSeconds();
    }
}
