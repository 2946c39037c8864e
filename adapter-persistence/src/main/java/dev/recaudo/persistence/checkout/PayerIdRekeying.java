package dev.recaudo.persistence.checkout;

import static dev.recaudo.persistence.common.Rows.uuid;

import dev.recaudo.application.checkout.PayerIds;
import dev.recaudo.application.common.Transactions;
import dev.recaudo.persistence.common.NativeSql;
import dev.recaudo.persistence.common.NativeSql.TextArray;
import io.quarkus.scheduler.Scheduled;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;
import java.util.UUID;
import org.jboss.logging.Logger;

/**
 * Gives the payers stored before payer ids were keyed (name-based UUIDs, version 3) their keyed id
 * ({@link PayerIds}, version 8). SQL cannot compute an HMAC under a secret it does not hold, so the
 * migration (V0035) only indexes the rows still to do, and every instance re-keys them in batches,
 * one transaction each: a batch locks its rows with {@code SKIP LOCKED}, so two instances share the
 * work and never wait on each other, and the id depends on the e-mail alone, so a row re-keyed twice
 * ends the same. It keeps running after the last one, at the cost of one probe of an empty index,
 * since an instance of the previous version may still store a name-based id during a rolling
 * upgrade. Until a row is re-keyed, the helper answers its keyed id anyway.
 */
@ApplicationScoped
public class PayerIdRekeying {

    private static final Logger LOG = Logger.getLogger(PayerIdRekeying.class);

    /** Payers one transaction re-keys at most. */
    static final int BATCH_SIZE = 500;
    /** Batches one run takes at most, so a large backlog is spread over runs. */
    static final int BATCHES_PER_RUN_MAX = 20;

    /** The rows the partial index of V0035 holds: the UUID's version digit is the 15th character of its text. */
    private static final String NAME_BASED = "substr(customer_id::text, 15, 1) = '3'";

    private final NativeSql nativeSql;
    private final Transactions transactions;
    private final PayerIds payerIds;

    PayerIdRekeying(NativeSql nativeSql, Transactions transactions, PayerIds payerIds) {
        this.nativeSql = nativeSql;
        this.transactions = transactions;
        this.payerIds = payerIds;
    }

    @Scheduled(every = "1m", delayed = "15s", concurrentExecution = Scheduled.ConcurrentExecution.SKIP)
    void onSchedule() {
        int rekeyed = rekeyAll();
        if (rekeyed > 0) {
            LOG.infof("gave %d checkout payers their keyed customerId", rekeyed);
        }
    }

    /** Re-keys batch after batch until one comes back short or the run's bound is reached; answers the payers re-keyed. */
    public int rekeyAll() {
        int rekeyed = 0;
        for (int batch = 0; batch < BATCHES_PER_RUN_MAX; batch++) {
            int done = transactions.inTransaction(this::rekeyBatch);
            rekeyed += done;
            if (done < BATCH_SIZE) {
                break;
            }
        }
        return rekeyed;
    }

    private int rekeyBatch() {
        List<Payer> batch = nativeSql.query("SELECT id, email FROM checkout_customers WHERE " + NAME_BASED
                        + " ORDER BY id LIMIT ? FOR UPDATE SKIP LOCKED",
                row -> new Payer(uuid(row, "id"), row.getString("email")), BATCH_SIZE);
        if (batch.isEmpty()) {
            return 0;
        }
        return nativeSql.update("UPDATE checkout_customers c SET customer_id = keyed.customer_id"
                        + " FROM unnest(?::uuid[], ?::uuid[]) AS keyed (id, customer_id) WHERE c.id = keyed.id",
                new TextArray(batch.stream().map(payer -> payer.id().toString()).toList()),
                new TextArray(batch.stream().map(payer -> payerIds.of(payer.email()).toString()).toList()));
    }

    private record Payer(UUID id, String email) {}
}
