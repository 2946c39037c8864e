package dev.recaudo.persistence.common;

import java.util.Optional;

/**
 * What the persistence adapter reads from configuration ({@code recaudo.*}). Names, defaults and
 * bounds are declared once, in bootstrap's {@code RecaudoConfig}, which implements this view.
 */
public interface PersistenceSettings {

    /** A production deployment: stored secrets in plaintext are refused once every one was sealed. */
    boolean production();

    Database database();

    Idempotency idempotency();

    Janitor janitor();

    Secrets secrets();

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

    /** Sealing of secrets at rest ({@code SecretSealer}) and the pass that re-seals them under the active key. */
    interface Secrets {
        /** The keyring, {@code id:base64,id:base64} (each key 32 bytes); unset, secrets are stored in plaintext. */
        Optional<String> keys();

        /** The id of the key new values are sealed under. */
        Optional<String> activeKey();

        /** Values one re-sealing statement reads. */
        int resealBatchSize();

        /**
         * Plaintext secrets are over, whatever {@code secret_sealing_milestones} says: refused when
         * opened and never sealed by the pass (a deleted milestone row brings no plaintext back).
         */
        boolean refusePlaintext();
    }

    /** Days each kind of record is kept before the janitor deletes it; 0 keeps it forever. */
    interface Retention {
        int webhookDeliveriesDays();

        int whatsappEventsDays();

        int auditRecordsDays();
    }

    /** The scheduled check of the ledger invariants. */
    interface Invariants {
        /** The longest one check's statements may run before the database cancels them. */
        int timeoutSeconds();
    }
}
