package dev.recaudo.persistence.webhook;

import static dev.recaudo.persistence.common.Rows.instant;
import static dev.recaudo.persistence.common.Rows.optionalInstant;
import static dev.recaudo.persistence.common.Rows.uuid;

import dev.recaudo.domain.dispatch.TargetHealth;
import dev.recaudo.domain.webhook.EndpointSecrets;
import dev.recaudo.persistence.secret.SecretColumn;
import dev.recaudo.persistence.secret.SecretSealer;
import dev.recaudo.persistence.secret.SecretUnreadable;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.Optional;
import java.util.UUID;
import org.jboss.logging.Logger;

/**
 * The columns of {@code webhook_endpoints} that both of its readers map: its secrets, opened (the
 * one place a stored endpoint secret is read, strictly for the dispatcher and leniently for the
 * administration), and its health. The administration's repository and the dispatcher's claims
 * read endpoint rows; only the repository writes secrets, only the claims write health.
 */
final class EndpointRows {

    private static final Logger LOG = Logger.getLogger(EndpointRows.class);

    private EndpointRows() {}

    /**
     * The row's secrets, opened; {@code endpointIdColumn} names the endpoint's id in the row. For the
     * dispatcher, which sends nothing unless both open.
     *
     * @throws SecretUnreadable when either secret is refused
     */
    static EndpointSecrets secrets(SecretSealer sealer, ResultSet row, String endpointIdColumn) throws SQLException {
        return read(row, endpointIdColumn, (column, endpointId, stored) -> Optional.of(sealer.openText(column, endpointId, stored)));
    }

    /**
     * The row's secrets for the administration, which must show, rotate and remove an endpoint whose
     * secret is refused (docs/decisions.md, "A refused endpoint secret is replaced by rotating it"): a
     * refused secret is read as none, and said in the log each time.
     */
    static EndpointSecrets secretsOrRefused(SecretSealer sealer, ResultSet row, String endpointIdColumn) throws SQLException {
        return read(row, endpointIdColumn, (column, endpointId, stored) -> {
            try {
                return Optional.of(sealer.openText(column, endpointId, stored));
            } catch (SecretUnreadable e) {
                LOG.warnf("%s; the endpoint signs nothing with it, and rotating its secret replaces it", e.getMessage());
                return Optional.empty();
            }
        });
    }

    private static EndpointSecrets read(ResultSet row, String endpointIdColumn, Opener opener) throws SQLException {
        UUID endpointId = uuid(row, endpointIdColumn);
        String previous = row.getString("previous_secret");
        Optional<EndpointSecrets.Previous> opened = Optional.empty();
        if (previous != null) {
            Instant expiresAt = instant(row, "previous_secret_expires_at");
            opened = opener.open(SecretColumn.WEBHOOK_ENDPOINTS_PREVIOUS, endpointId, previous)
                    .map(secret -> new EndpointSecrets.Previous(secret, expiresAt));
        }
        return new EndpointSecrets(opener.open(SecretColumn.WEBHOOK_ENDPOINTS, endpointId, row.getString("secret")), opened);
    }

    /** Opens one stored secret of the endpoint, or says it is refused (empty). */
    private interface Opener {
        Optional<String> open(SecretColumn column, UUID endpointId, String stored);
    }

    /** The row's {@code consecutive_failures}, {@code pauses} and {@code paused_until}. */
    static TargetHealth health(ResultSet row) throws SQLException {
        return new TargetHealth(row.getInt("consecutive_failures"), row.getInt("pauses"), optionalInstant(row, "paused_until"));
    }
}
