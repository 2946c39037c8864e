package dev.recaudo.persistence.webhook;

import static dev.recaudo.persistence.common.Rows.instant;
import static dev.recaudo.persistence.common.Rows.optionalInstant;
import static dev.recaudo.persistence.common.Rows.uuid;

import dev.recaudo.domain.dispatch.TargetHealth;
import dev.recaudo.domain.webhook.EndpointSecrets;
import dev.recaudo.persistence.secret.SecretColumn;
import dev.recaudo.persistence.secret.SecretSealer;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Optional;
import java.util.UUID;

/**
 * The columns of {@code webhook_endpoints} that both of its readers map alike: its secrets, opened
 * (the one place a stored endpoint secret is read), and its health. The administration's
 * repository and the dispatcher's claims read endpoint rows; only the repository writes secrets,
 * only the claims write health.
 */
final class EndpointRows {

    private EndpointRows() {}

    /** The row's secrets, opened; {@code endpointIdColumn} names the endpoint's id in the row. */
    static EndpointSecrets secrets(SecretSealer sealer, ResultSet row, String endpointIdColumn) throws SQLException {
        UUID endpointId = uuid(row, endpointIdColumn);
        String previous = row.getString("previous_secret");
        return new EndpointSecrets(sealer.openText(SecretColumn.WEBHOOK_ENDPOINTS, endpointId, row.getString("secret")),
                previous == null ? Optional.empty() : Optional.of(new EndpointSecrets.Previous(
                        sealer.openText(SecretColumn.WEBHOOK_ENDPOINTS_PREVIOUS, endpointId, previous),
                        instant(row, "previous_secret_expires_at"))));
    }

    /** The row's {@code consecutive_failures}, {@code pauses} and {@code paused_until}. */
    static TargetHealth health(ResultSet row) throws SQLException {
        return new TargetHealth(row.getInt("consecutive_failures"), row.getInt("pauses"), optionalInstant(row, "paused_until"));
    }
}
