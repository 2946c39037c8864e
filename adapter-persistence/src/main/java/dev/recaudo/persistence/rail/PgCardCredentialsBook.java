package dev.recaudo.persistence.rail;

import dev.recaudo.application.rail.CardCredentials;
import dev.recaudo.application.rail.CardCredentialsBook;
import dev.recaudo.domain.company.CompanyId;
import dev.recaudo.persistence.common.NativeSql;
import dev.recaudo.persistence.common.StoreFailures;
import dev.recaudo.persistence.secret.SecretColumn;
import dev.recaudo.persistence.secret.SecretSealer;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Instant;
import java.util.Optional;
import java.util.UUID;

/**
 * Each company's credentials at a card rail, both values sealed at rest ({@link SecretSealer}) under
 * the row's id, and re-sealed with every other secret ({@link SecretColumn#ALL}). A rotation rewrites
 * the row in place, so the old values are gone at once.
 */
@ApplicationScoped
@StoreFailures
public class PgCardCredentialsBook implements CardCredentialsBook {

    @Inject
    NativeSql nativeSql;

    @Inject
    SecretSealer sealer;

    @Override
    public Optional<CardCredentials> of(CompanyId company, String rail) {
        return nativeSql.queryOne("SELECT id, secret_key, webhook_secret FROM card_rail_credentials"
                        + " WHERE company_id = ? AND rail = ?",
                row -> {
                    UUID id = row.getObject(1, UUID.class);
                    return new CardCredentials(sealer.openText(SecretColumn.CARD_RAIL_SECRET_KEYS, id, row.getString(2)),
                            sealer.openText(SecretColumn.CARD_RAIL_WEBHOOK_SECRETS, id, row.getString(3)));
                }, company.value(), rail);
    }

    @Override
    public Optional<Instant> updatedAt(CompanyId company, String rail) {
        return nativeSql.queryOne("SELECT updated_at FROM card_rail_credentials WHERE company_id = ? AND rail = ?",
                row -> row.getTimestamp(1).toInstant(), company.value(), rail);
    }

    @Override
    public void put(CompanyId company, String rail, CardCredentials credentials, Instant now) {
        // The row keeps its id across rotations: its sealed values are bound to it.
        UUID id = nativeSql.queryOne("SELECT id FROM card_rail_credentials WHERE company_id = ? AND rail = ? FOR UPDATE",
                row -> row.getObject(1, UUID.class), company.value(), rail).orElseGet(UUID::randomUUID);
        nativeSql.update("INSERT INTO card_rail_credentials (id, company_id, rail, secret_key, webhook_secret, created_at,"
                        + " updated_at) VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (id) DO UPDATE SET secret_key = EXCLUDED.secret_key,"
                        + " webhook_secret = EXCLUDED.webhook_secret, updated_at = EXCLUDED.updated_at",
                id, company.value(), rail, sealer.sealText(SecretColumn.CARD_RAIL_SECRET_KEYS, id, credentials.secretKey()),
                sealer.sealText(SecretColumn.CARD_RAIL_WEBHOOK_SECRETS, id, credentials.webhookSecret()), now, now);
    }
}
