package dev.recaudo.persistence.secret;

import dev.recaudo.persistence.common.NativeSql;
import dev.recaudo.persistence.common.PersistenceSettings;
import io.quarkus.scheduler.Scheduled;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.nio.charset.StandardCharsets;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;
import java.util.Optional;
import org.jboss.logging.Logger;

/**
 * Re-seals, under the active key, every stored secret that is not under it: values sealed under an
 * older key and plaintext from before sealing. This is how a key is rotated (README, "Rotating the
 * secrets key"): the new key becomes active, and once a run reports none left, the old one may leave
 * the keyring. Every instance runs it; each value is rewritten by a conditional update on the value
 * it read, so two instances at once, or a secret replaced meanwhile, never lose a write: the later
 * update finds the value changed and skips it. Rows are read in bounded batches in key order. Once
 * plaintext is over ({@link PlaintextRetirement#retired}), a plaintext value is reported, never
 * sealed: it was planted, and sealing it would make it look genuine.
 */
@ApplicationScoped
public class SecretResealing {

    private static final Logger LOG = Logger.getLogger(SecretResealing.class);

    private final NativeSql nativeSql;
    private final SecretSealer sealer;
    private final int batchSize;
    /** Where a pass that finds no plaintext left says so for every instance; none for a pass run by hand. */
    private final Optional<PlaintextRetirement> retirement;
    /** Whether this instance has said that nothing is left, so it says so once, not every run. */
    private boolean noneLeftReported;

    @Inject
    SecretResealing(NativeSql nativeSql, SecretSealer sealer, PersistenceSettings settings, PlaintextRetirement retirement) {
        this(nativeSql, sealer, settings.secrets().resealBatchSize(), Optional.of(retirement));
    }

    /** A pass of its own (tests of rotation), which records nothing about plaintext. */
    public SecretResealing(NativeSql nativeSql, SecretSealer sealer, int batchSize) {
        this(nativeSql, sealer, batchSize, Optional.empty());
    }

    /** A pass of its own that knows, and records, when plaintext is over. */
    public SecretResealing(NativeSql nativeSql, SecretSealer sealer, int batchSize, PlaintextRetirement retirement) {
        this(nativeSql, sealer, batchSize, Optional.of(retirement));
    }

    private SecretResealing(NativeSql nativeSql, SecretSealer sealer, int batchSize, Optional<PlaintextRetirement> retirement) {
        this.nativeSql = nativeSql;
        this.sealer = sealer;
        this.batchSize = batchSize;
        this.retirement = retirement;
    }

    /** What one run did: values it re-sealed, values it could not open, and values still not under the active key. */
    public record Outcome(int resealed, int unreadable, long left) {}

    @Scheduled(every = "${recaudo.secrets.reseal-interval}", delayed = "10s",
            concurrentExecution = Scheduled.ConcurrentExecution.SKIP)
    void onSchedule() {
        Optional<String> prefix = sealer.activePrefix();
        if (prefix.isEmpty()) {
            return; // sealing is off: the start-up warning has said so
        }
        Outcome outcome = resealAll();
        if (outcome.resealed() > 0 || outcome.left() > 0) {
            LOG.infof("re-sealed %d stored secrets under the active key; %d left, of which %d cannot be opened (errors above)",
                    outcome.resealed(), outcome.left(), outcome.unreadable());
        }
        if (outcome.left() == 0 && !noneLeftReported) {
            LOG.infof("every stored secret is sealed under the active key (%s): other keys may now leave recaudo.secrets.keys",
                    prefix.get());
        }
        noneLeftReported = outcome.left() == 0;
    }

    /** One pass over every sealed column; nothing to do when sealing is off. */
    public Outcome resealAll() {
        Optional<String> prefix = sealer.activePrefix();
        if (prefix.isEmpty()) {
            return new Outcome(0, 0, 0);
        }
        // Read before the pass: a plaintext value found once plaintext is over was planted, and is not sealed.
        boolean plaintextOver = retirement.filter(PlaintextRetirement::retired).isPresent();
        int resealed = 0;
        int unreadable = 0;
        long left = 0;
        for (SecretColumn column : SecretColumn.ALL) {
            Outcome outcome = reseal(column, prefix.get(), plaintextOver);
            resealed += outcome.resealed();
            unreadable += outcome.unreadable();
            left += nativeSql.queryOne("SELECT count(*) FROM " + column.table() + notUnderPrefix(column),
                    row -> row.getLong(1), parameter(column, prefix.get())).orElseThrow();
        }
        retirement.filter(milestone -> !milestone.reached()).ifPresent(this::retireIfNoPlaintextLeft);
        return new Outcome(resealed, unreadable, left);
    }

    /**
     * Once no sealed column holds a plaintext value, every secret the service writes is sealed, so
     * a plaintext one found later was planted: recorded for every instance ({@link PlaintextRetirement}).
     */
    private void retireIfNoPlaintextLeft(PlaintextRetirement milestone) {
        long plaintext = 0;
        for (SecretColumn column : SecretColumn.ALL) {
            plaintext += nativeSql.queryOne("SELECT count(*) FROM " + column.table() + notUnderPrefix(column),
                    row -> row.getLong(1), parameter(column, SecretSealer.PREFIX)).orElseThrow();
        }
        if (plaintext == 0) {
            milestone.record();
            LOG.info("no stored secret is in plaintext any more: from now on a plaintext secret is never sealed, and in"
                    + " production it is refused");
        }
        milestone.pinnedOverPlaintext(plaintext).ifPresent(LOG::error);
    }

    private Outcome reseal(SecretColumn column, String prefix, boolean plaintextOver) {
        String firstBatch = "SELECT " + column.idColumn() + ", " + column.column() + " FROM " + column.table()
                + notUnderPrefix(column);
        String orderAndLimit = " ORDER BY " + column.idColumn() + " LIMIT ?";
        int resealed = 0;
        int unreadable = 0;
        Object after = null;
        List<Stored> batch;
        do {
            batch = after == null
                    ? nativeSql.query(firstBatch + orderAndLimit, row -> stored(column, row), parameter(column, prefix), batchSize)
                    : nativeSql.query(firstBatch + " AND " + column.idColumn() + " > ?" + orderAndLimit,
                            row -> stored(column, row), parameter(column, prefix), after, batchSize);
            for (Stored value : batch) {
                try {
                    if (plaintextOver && !SecretSealer.isSealed(value.bytes())) {
                        throw sealer.plantedPlaintext(column, value.rowId());
                    }
                    byte[] resealedValue = sealer.seal(column, value.rowId(), sealer.open(column, value.rowId(), value.bytes()));
                    resealed += nativeSql.update("UPDATE " + column.table() + " SET " + column.column() + " = ? WHERE "
                                    + column.idColumn() + " = ? AND " + column.column() + " = ?",
                            parameter(column, resealedValue), value.rowId(), parameter(column, value.bytes()));
                } catch (SecretUnreadable failure) {
                    LOG.error("cannot re-seal a stored secret: " + failure.getMessage());
                    unreadable++;
                }
                after = value.rowId();
            }
        } while (batch.size() == batchSize);
        return new Outcome(resealed, unreadable, 0);
    }

    private record Stored(Object rowId, byte[] bytes) {}

    private static Stored stored(SecretColumn column, ResultSet row) throws SQLException {
        return new Stored(row.getObject(1),
                column.binary() ? row.getBytes(2) : row.getString(2).getBytes(StandardCharsets.UTF_8));
    }

    /**
     * Values that do not start with the prefix given as the parameter (the active key's, or that of
     * every sealed value); {@code position} works on text and bytea alike.
     */
    private static String notUnderPrefix(SecretColumn column) {
        return " WHERE " + column.column() + " IS NOT NULL AND position(? IN " + column.column() + ") <> 1";
    }

    /** A value as its column takes it: bytes for bytea, text otherwise. */
    private static Object parameter(SecretColumn column, String text) {
        return parameter(column, text.getBytes(StandardCharsets.UTF_8));
    }

    private static Object parameter(SecretColumn column, byte[] bytes) {
        return column.binary() ? bytes : new String(bytes, StandardCharsets.UTF_8);
    }
}
